import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { ScanLine, Search, XCircle } from 'lucide-react';
import { REDEEM_MESSAGES, redeemRequestSchema, type RedemptionLookup, REDEMPTION_CODE_MAX_LENGTH } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { useSession } from '../../../lib/session';
import { useLookupRedemption, useRedeemVoucher } from '../../../features/orders/redemption/api';
import { QrScannerDialog } from '../../../features/orders/redemption/components/qr-scanner-dialog';
import { RedemptionResult } from '../../../features/orders/redemption/components/redemption-result';
import { TodaysRedemptions } from '../../../features/orders/redemption/components/todays-redemptions';
import { useCanScanQr } from '../../../features/orders/redemption/hooks/use-qr-scanner';
import { codeFromScan } from '../../../features/orders/redemption/utils/format';
import { ApiError } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

function RedeemScreen() {
  const [params, setParams] = useSearchParams();
  // The server's schema: a code made of nothing but spaces and dashes is as missing as a blank one.
  const form = useForm({ resolver: zodResolver(redeemRequestSchema), defaultValues: { code: params.get('code') ?? '' } });
  const fieldError = form.formState.errors.code?.message;
  const [lookup, setLookup] = useState<RedemptionLookup | null>(null);
  const [isJustRedeemed, setIsJustRedeemed] = useState(false);
  const [error, setError] = useState<{ title: string; message: string } | null>(null);
  const [isScanning, setIsScanning] = useState(false);
  const canScan = useCanScanQr();
  const lookupCall = useLookupRedemption();
  const redeemCall = useRedeemVoucher();
  const resultRef = useRef<HTMLHeadingElement>(null);
  const focusResult = useRef(false);

  useEffect(() => {
    if (focusResult.current && lookup) resultRef.current?.focus();
    focusResult.current = false;
  }, [lookup, isJustRedeemed]);

  const clearOutcome = () => {
    setError(null);
    setLookup(null);
    setIsJustRedeemed(false);
  };

  /** `code` as the schema gave it back: normalised, never blank. */
  const lookUpCode = (code: string, opts: { focus?: boolean } = {}) => {
    form.setValue('code', code);
    clearOutcome();
    // The address holds the code (as the QR link does), so a reload shows the same voucher.
    setParams({ code }, { replace: true });
    lookupCall.mutate(code, {
      onSuccess: (found) => {
        focusResult.current = opts.focus ?? false;
        setLookup(found);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.code) form.setError('code', { message: err.fields.code });
        else
          setError({
            title: err instanceof ApiError && err.status === 404 ? 'Code not found' : 'The code could not be looked up',
            message: err.message,
          });
      },
    });
  };

  /** Typed, scanned or from the link: the schema's message shows under the field, which gets focus. */
  const lookUp = (opts: { focus?: boolean } = {}) => form.handleSubmit(({ code }) => lookUpCode(code, opts), clearOutcome);
  const lookUpText = (text: string, opts: { focus?: boolean } = {}) => {
    form.setValue('code', text);
    void lookUp(opts)();
  };

  const redeem = () => {
    if (!lookup) return;
    redeemCall.mutate(lookup.redemptionCode, {
      onSuccess: (done) => {
        focusResult.current = true;
        setLookup(done);
        setIsJustRedeemed(true);
        toast.success(REDEEM_MESSAGES.redeemedTitle, { description: `${done.dealTitle} for ${done.customerName}` });
      },
      onError: (err) => {
        // Redeemed or expired meanwhile (another device, the clock): show the code as it is now.
        if (err instanceof ApiError && (err.code === 'ALREADY_REDEEMED' || err.code === 'EXPIRED'))
          lookUpCode(lookup.redemptionCode, { focus: true });
        else toast.error('Voucher Not Redeemed', { description: err.message });
      },
    });
  };

  const reset = () => {
    clearOutcome();
    form.setValue('code', '');
    setParams({}, { replace: true });
    form.setFocus('code');
  };

  // Opened from a voucher's QR link (?code=…): look it up straight away.
  const didAutoLookUp = useRef(false);
  useEffect(() => {
    if (didAutoLookUp.current) return;
    didAutoLookUp.current = true;
    const fromLink = params.get('code');
    if (fromLink) lookUpText(fromLink);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival: a later ?code= comes from this page itself
  }, []);

  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:py-10">
      <title>Redeem a Voucher | LocalPerks</title>
      <h1 className="text-3xl font-bold tracking-tight text-slate-900">Redeem a Voucher</h1>
      <p className="mt-1 text-slate-700">Scan the QR code on the customer's voucher or type its redemption code.</p>

      <Card className="mt-6">
        <CardContent className="pt-6">
          <form noValidate onSubmit={lookUp({ focus: true })} className="space-y-4">
            <Field
              label="Redemption code"
              error={fieldError}
              hint="12 letters and digits, as shown under the QR code. Dashes and spaces are optional."
            >
              {(p) => (
                <Input
                  {...p}
                  {...form.register('code')}
                  autoComplete="off"
                  autoCapitalize="characters"
                  autoCorrect="off"
                  spellCheck={false}
                  maxLength={REDEMPTION_CODE_MAX_LENGTH}
                  className="font-mono text-lg uppercase tracking-wider"
                />
              )}
            </Field>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button type="submit" size="lg" disabled={lookupCall.isPending}>
                <Search aria-hidden className="h-4 w-4" /> {lookupCall.isPending ? 'Looking up...' : 'Look up'}
              </Button>
              {canScan && (
                <Button size="lg" variant="secondary" onClick={() => setIsScanning(true)}>
                  <ScanLine aria-hidden className="h-4 w-4" /> Scan QR code
                </Button>
              )}
            </div>
          </form>
        </CardContent>
      </Card>

      {/* Lookup outcomes are announced as they arrive. */}
      <div aria-live="polite" className="mt-6">
        {error && (
          <div className="flex gap-3 rounded-xl border-2 border-red-300 bg-red-50 p-4 text-red-900">
            <XCircle aria-hidden className="mt-0.5 h-5 w-5 shrink-0" />
            <div>
              <p className="font-semibold">{error.title}</p>
              <p className="text-sm">{error.message}</p>
            </div>
          </div>
        )}
        {lookup && (
          <RedemptionResult
            ref={resultRef}
            lookup={lookup}
            isJustRedeemed={isJustRedeemed}
            isRedeeming={redeemCall.isPending}
            onRedeem={redeem}
            onReset={reset}
          />
        )}
      </div>

      <TodaysRedemptions />

      {canScan && (
        <QrScannerDialog
          open={isScanning}
          onOpenChange={setIsScanning}
          onScan={(text) => lookUpText(codeFromScan(text), { focus: true })}
        />
      )}
    </div>
  );
}

/**
 * /merchant/redeem: the merchant's redeem screen (docs/product/design.md §6). A visitor (someone who
 * scanned a voucher's QR while signed out) signs in as a merchant and comes back with the code; a
 * signed-in customer or admin is told what the screen is for instead of being bounced away.
 */
export default function RedeemPage() {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <Spinner />;
  if (!user)
    return <Navigate to={`${paths.login}?role=merchant&returnTo=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (user.role !== 'merchant') {
    return (
      <div className="mx-auto max-w-2xl px-4 py-10">
        <title>Redeem a Voucher | LocalPerks</title>
        <h1 className="text-3xl font-bold tracking-tight text-slate-900">Redeem a Voucher</h1>
        <Alert className="mt-6" title="This screen is for merchants">
          Vouchers are redeemed by the business that sold the deal.{' '}
          {user.role === 'customer' ? 'Show your voucher at the counter from My Purchases.' : ''}
        </Alert>
        {user.role === 'customer' && (
          <Link to={paths.purchases} className={buttonClass('primary', 'md', 'mt-4')}>
            My Purchases
          </Link>
        )}
      </div>
    );
  }
  return <RedeemScreen />;
}
