import { useQuery } from '@tanstack/react-query';
import { Download } from 'lucide-react';
import { Button, buttonClass } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { formatDateTime } from '../../../../lib/format';
import { errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { dataExportDownloadUrl, dataExportsQuery, useRequestDataExport } from '../api';

/** Privacy tab: Download my data (docs/decisions/0054-privacy-rights.md), with the archive's progress while it is built. */
export function DownloadDataCard() {
  const exports = useQuery(dataExportsQuery);
  const request = useRequestDataExport();
  const latest = exports.data?.[0];
  const isBuilding = latest?.status === 'queued' || latest?.status === 'running';
  const start = () =>
    request.mutate(undefined, {
      onSuccess: () => toast.success('Preparing your data', { description: 'We will email you a link when the download is ready.' }),
      onError: (err) => toast.error('Export Failed', { description: errorMessage(err, 'Please try again.') }),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle>Download my data</CardTitle>
        <CardDescription>
          A ZIP with a JSON and a CSV file for each kind of data: your profile, orders, vouchers (codes included), refunds, favourites,
          votes, messages, tickets, consents and sign-in history; for businesses also deals, sales, payouts and statements.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isBuilding && (
          <div>
            <p id="export-progress-label" className="text-sm text-slate-800">
              Preparing your data… {latest.progress}%
            </p>
            <div
              role="progressbar"
              aria-labelledby="export-progress-label"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={latest.progress}
              className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-brand-700" style={{ width: `${latest.progress}%` }} />
            </div>
          </div>
        )}
        {latest?.status === 'ready' && latest.expiresAt && (
          <div className="space-y-2">
            <a href={dataExportDownloadUrl(latest.id)} className={buttonClass('primary')} download>
              <Download aria-hidden className="mr-2 h-4 w-4" />
              Download ZIP{latest.sizeBytes ? ` (${Math.max(1, Math.round(latest.sizeBytes / 1024))} KB)` : ''}
            </a>
            <p className="text-sm text-slate-600">Available until {formatDateTime(latest.expiresAt)}.</p>
          </div>
        )}
        {latest?.status === 'failed' && <p className="text-sm text-red-700">The last export failed. Please try again.</p>}
        <Button variant={latest?.status === 'ready' ? 'secondary' : 'primary'} onClick={start} disabled={request.isPending || isBuilding}>
          {latest ? 'Prepare a new download' : 'Download my data'}
        </Button>
      </CardContent>
    </Card>
  );
}
