import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { KeyRound, ShieldCheck, Smartphone } from 'lucide-react';
import {
  PASSKEY_NAME_MAX_LENGTH,
  REAUTH_WINDOW_MS,
  passkeyNameSchema,
  reauthenticateSchema,
  totpCodeSchema,
  type Passkey,
  type Reauthenticate,
  type TotpCode,
  type TotpSetup,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Dialog, DialogClose, DialogContent } from '../../../../components/ui/dialog';
import { Field, Input } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { Badge } from '../../../../components/ui/status-badge';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { formatDate } from '../../../../lib/format';
import { toast } from '../../../../lib/toast';
import { AuthenticationCodeField, isCancelled, usePasskeySupport } from '../../auth/components/sign-in';
import {
  securityQuery,
  useAddPasskey,
  useDisableTotp,
  useEnableTotp,
  useReauthenticate,
  useRemovePasskey,
  useRenamePasskey,
  useRenewRecoveryCodes,
  useStartTotp,
} from '../api';

/** The toast for a failed change; a lapsed confirmation sends the person back to the password form above. */
function failed(title: string, err: unknown) {
  if (err instanceof ApiError && err.code === 'REAUTH_REQUIRED')
    toast.error('Please confirm your password again', {
      description: 'Changes to how you sign in need your password from the last 10 minutes.',
    });
  else toast.error(title, { description: errorMessage(err, 'Please try again.') });
}

/** The password, asked again before the sign-in methods change (for REAUTH_WINDOW_MS). */
function ConfirmPassword() {
  const form = useForm<Reauthenticate>({ resolver: zodResolver(reauthenticateSchema), defaultValues: { password: '' } });
  const confirm = useReauthenticate();
  const { errors } = form.formState;
  const submit = ({ password }: Reauthenticate) =>
    confirm.mutate(password, {
      onSuccess: () => form.reset({ password: '' }),
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.password) form.setError('password', { message: err.fields.password });
        else failed('Could not confirm your password', err);
      },
    });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3" aria-label="Confirm your password">
      <Field
        label="Confirm your password"
        error={errors.password?.message}
        hint={`You can then make changes for ${REAUTH_WINDOW_MS / 60_000} minutes.`}
      >
        {(p) => (
          <Input
            {...p}
            {...form.register('password')}
            type="password"
            autoComplete="current-password"
            disabled={confirm.isPending}
            data-testid="reauth-password"
          />
        )}
      </Field>
      <Button type="submit" disabled={confirm.isPending}>
        {confirm.isPending ? 'Confirming...' : 'Confirm password'}
      </Button>
    </form>
  );
}

const nameForm = z.object({ name: passkeyNameSchema });

function PasskeyRow({ passkey, canChange, onRemove }: { passkey: Passkey; canChange: boolean; onRemove: () => void }) {
  const [isRenaming, setIsRenaming] = useState(false);
  const rename = useRenamePasskey();
  const form = useForm<{ name: string }>({ resolver: zodResolver(nameForm), defaultValues: { name: passkey.name } });
  const { errors } = form.formState;
  const save = ({ name }: { name: string }) =>
    rename.mutate({ id: passkey.id, name }, { onSuccess: () => setIsRenaming(false), onError: (err) => failed('Rename failed', err) });
  return (
    <li className="flex flex-wrap items-start gap-3 py-4">
      <KeyRound aria-hidden className="mt-0.5 h-6 w-6 shrink-0 text-slate-600" />
      {isRenaming ? (
        <form noValidate onSubmit={form.handleSubmit(save)} className="min-w-0 flex-1 space-y-2" aria-label={`Rename ${passkey.name}`}>
          <Field label="Passkey name" error={errors.name?.message}>
            {(p) => <Input {...p} {...form.register('name')} maxLength={PASSKEY_NAME_MAX_LENGTH} disabled={rename.isPending} />}
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={rename.isPending}>
              {rename.isPending ? 'Saving...' : 'Save'}
            </Button>
            <Button variant="ghost" size="sm" onClick={() => setIsRenaming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      ) : (
        <>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 break-words font-medium text-slate-900">
              {passkey.name}
              {passkey.synced && <Badge tone="green">Synced</Badge>}
            </p>
            <p className="text-sm text-slate-600">
              Added {formatDate(passkey.createdAt)} · {passkey.lastUsedAt ? `Last used ${formatDate(passkey.lastUsedAt)}` : 'Not used yet'}
            </p>
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" size="sm" onClick={() => setIsRenaming(true)} aria-label={`Rename ${passkey.name}`}>
              Rename
            </Button>
            <Button variant="secondary" size="sm" onClick={onRemove} disabled={!canChange} aria-label={`Remove ${passkey.name}`}>
              Remove
            </Button>
          </div>
        </>
      )}
    </li>
  );
}

function AddPasskey({ canChange }: { canChange: boolean }) {
  const add = useAddPasskey();
  const form = useForm<{ name: string }>({ resolver: zodResolver(nameForm), defaultValues: { name: '' } });
  const { errors } = form.formState;
  const submit = ({ name }: { name: string }) =>
    add.mutate(name, {
      onSuccess: ({ passkey }) => {
        form.reset({ name: '' });
        toast.success('Passkey added', { description: `You can now sign in with “${passkey.name}”.` });
      },
      onError: (err) => {
        if (isCancelled(err)) toast.error('No passkey was added', { description: 'The request was cancelled or timed out.' });
        else failed('Could not add the passkey', err);
      },
    });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3" aria-label="Add a passkey">
      <Field label="Name for the new passkey" error={errors.name?.message} hint="So you can tell your passkeys apart, e.g. “Work laptop”.">
        {(p) => (
          <Input
            {...p}
            {...form.register('name')}
            maxLength={PASSKEY_NAME_MAX_LENGTH}
            disabled={!canChange || add.isPending}
            data-testid="passkey-name"
          />
        )}
      </Field>
      <Button type="submit" disabled={!canChange || add.isPending}>
        <KeyRound aria-hidden className="h-4 w-4" /> {add.isPending ? 'Waiting for your device...' : 'Add a passkey'}
      </Button>
    </form>
  );
}

function PasskeysCard({ passkeys, canChange }: { passkeys: Passkey[]; canChange: boolean }) {
  const support = usePasskeySupport();
  const remove = useRemovePasskey();
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing.id, {
      onSuccess: () => toast.success('Passkey removed', { description: `“${removing.name}” can no longer sign in.` }),
      onError: (err) => failed('Could not remove the passkey', err),
      onSettled: () => setRemoving(null),
    });
  };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Passkeys</CardTitle>
        <CardDescription>
          Sign in with your fingerprint, face or screen lock instead of your password. A passkey stays on your device and cannot be phished.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {passkeys.length === 0 ? (
          <p className="text-sm text-slate-700">You have no passkeys yet.</p>
        ) : (
          <ul aria-label="Passkeys" className="divide-y divide-slate-200">
            {passkeys.map((p) => (
              <PasskeyRow key={p.id} passkey={p} canChange={canChange} onRemove={() => setRemoving(p)} />
            ))}
          </ul>
        )}
        {support.passkeys ? (
          <AddPasskey canChange={canChange} />
        ) : (
          <Alert>This browser cannot create passkeys. Try a recent Chrome, Edge, Safari or Firefox.</Alert>
        )}
      </CardContent>
      <Dialog open={removing !== null} onOpenChange={(open) => !open && setRemoving(null)}>
        <DialogContent
          title="Remove this passkey?"
          description={removing ? `“${removing.name}” will no longer sign in to your account.` : undefined}
        >
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Keep it</Button>
            </DialogClose>
            <Button variant="destructive" onClick={confirmRemove} disabled={remove.isPending}>
              {remove.isPending ? 'Removing...' : 'Remove passkey'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** The codes shown once: to write down, copy or download. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const download = () => {
    const url = URL.createObjectURL(new Blob([`LocalPerks recovery codes\n\n${codes.join('\n')}\n`], { type: 'text/plain' }));
    const a = Object.assign(document.createElement('a'), { href: url, download: 'localperks-recovery-codes.txt' });
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="space-y-3">
      <Alert variant="success" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. Keep them somewhere safe: they are shown only now.
      </Alert>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-2 gap-2 rounded-lg bg-slate-100 p-4 font-mono text-sm text-slate-900 sm:grid-cols-3"
      >
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-2">
        <Button variant="secondary" onClick={download}>
          Download codes
        </Button>
        <Button
          variant="secondary"
          onClick={() =>
            void navigator.clipboard.writeText(codes.join('\n')).then(
              () => toast.success('Recovery codes copied'),
              () => toast.error('Could not copy', { description: 'Select the codes and copy them yourself.' }),
            )
          }
        >
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  );
}

function EnableTotp({ setup, onEnabled }: { setup: TotpSetup; onEnabled: (codes: string[]) => void }) {
  const enable = useEnableTotp();
  const form = useForm<TotpCode>({ resolver: zodResolver(totpCodeSchema, undefined, { raw: true }), defaultValues: { code: '' } });
  const { errors } = form.formState;
  const submit = ({ code }: TotpCode) =>
    enable.mutate(code, {
      onSuccess: ({ recoveryCodes }) => {
        toast.success('Authenticator app turned on', { description: 'Signing in now asks for a code from your app.' });
        onEnabled(recoveryCodes);
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields?.code) form.setError('code', { message: err.fields.code });
        else failed('Could not turn on the authenticator app', err);
      },
    });
  return (
    <div className="space-y-4">
      <ol className="list-decimal space-y-1 pl-5 text-sm text-slate-700">
        <li>Open an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…) and scan this QR code.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <img
        src={setup.qrCode}
        alt="QR code to scan with your authenticator app"
        width={192}
        height={192}
        className="h-48 w-48 rounded-lg border border-slate-200"
      />
      <p className="text-sm text-slate-700">
        Can’t scan it? Enter this key in the app:{' '}
        <code className="break-all rounded bg-slate-100 px-1.5 py-0.5 font-mono text-slate-900" data-testid="totp-secret">
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </p>
      <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-3" aria-label="Turn on the authenticator app">
        <AuthenticationCodeField
          label="Code from the app"
          registration={form.register('code')}
          error={errors.code?.message}
          disabled={enable.isPending}
          testId="totp-code"
        />
        <Button type="submit" disabled={enable.isPending}>
          {enable.isPending ? 'Checking...' : 'Turn on'}
        </Button>
      </form>
    </div>
  );
}

function AuthenticatorAppCard({
  enabled,
  recoveryCodesLeft,
  canChange,
}: {
  enabled: boolean;
  recoveryCodesLeft: number;
  canChange: boolean;
}) {
  const start = useStartTotp();
  const disable = useDisableTotp();
  const renew = useRenewRecoveryCodes();
  const [setup, setSetup] = useState<TotpSetup | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [isTurningOff, setIsTurningOff] = useState(false);
  const begin = () => start.mutate(undefined, { onSuccess: setSetup, onError: (err) => failed('Could not start the set-up', err) });
  const turnOff = () =>
    disable.mutate(undefined, {
      onSuccess: () => toast.success('Authenticator app turned off', { description: 'Your password alone signs you in again.' }),
      onError: (err) => failed('Could not turn off the authenticator app', err),
      onSettled: () => setIsTurningOff(false),
    });
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex flex-wrap items-center gap-2">
          Authenticator app {enabled ? <Badge tone="green">On</Badge> : <Badge>Off</Badge>}
        </CardTitle>
        <CardDescription>
          Two-step sign-in: after your password, enter a 6-digit code from an app on your phone, so a stolen password is not enough.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {codes ? (
          <RecoveryCodes
            codes={codes}
            onDone={() => {
              setCodes(null);
              setSetup(null);
            }}
          />
        ) : enabled ? (
          <>
            <p className="text-sm text-slate-700">
              <ShieldCheck aria-hidden className="mr-1 inline h-4 w-4 text-emerald-700" />
              Signing in asks for a code from your app. Recovery codes left: <strong>{recoveryCodesLeft}</strong>
            </p>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                disabled={!canChange || renew.isPending}
                onClick={() =>
                  renew.mutate(undefined, {
                    onSuccess: (r) => setCodes(r.recoveryCodes),
                    onError: (err) => failed('Could not make new codes', err),
                  })
                }
              >
                New recovery codes
              </Button>
              <Button variant="destructive" disabled={!canChange} onClick={() => setIsTurningOff(true)}>
                Turn off
              </Button>
            </div>
          </>
        ) : setup ? (
          <EnableTotp setup={setup} onEnabled={setCodes} />
        ) : (
          <Button onClick={begin} disabled={!canChange || start.isPending}>
            <Smartphone aria-hidden className="h-4 w-4" /> {start.isPending ? 'Preparing...' : 'Set up authenticator app'}
          </Button>
        )}
      </CardContent>
      <Dialog open={isTurningOff} onOpenChange={setIsTurningOff}>
        <DialogContent
          title="Turn off the authenticator app?"
          description="Your password alone will sign you in, and your recovery codes stop working."
        >
          <div className="flex flex-wrap justify-end gap-2">
            <DialogClose asChild>
              <Button variant="secondary">Keep it on</Button>
            </DialogClose>
            <Button variant="destructive" onClick={turnOff} disabled={disable.isPending}>
              {disable.isPending ? 'Turning off...' : 'Turn off'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/**
 * Security tab: passkeys and the authenticator app (docs/decisions/0055-passkeys-and-authenticator-codes.md). Adding or
 * removing one, or turning the app on or off, first asks for the password (valid REAUTH_WINDOW_MS); each change is
 * e-mailed to the account.
 */
export function SignInMethods() {
  const security = useQuery(securityQuery);
  if (security.isPending) return <Spinner label="Loading sign-in methods..." />;
  if (security.isError) return <Alert variant="destructive">Your sign-in methods could not be loaded. Please reload the page.</Alert>;
  const { passkeys, totp, reauthenticatedUntil } = security.data;
  const canChange = reauthenticatedUntil !== null && new Date(reauthenticatedUntil).getTime() > Date.now();
  return (
    <>
      {!canChange && (
        <Card>
          <CardHeader>
            <CardTitle>Sign-in methods</CardTitle>
            <CardDescription>To add or remove a passkey, or to change your authenticator app, first confirm your password.</CardDescription>
          </CardHeader>
          <CardContent>
            <ConfirmPassword />
          </CardContent>
        </Card>
      )}
      <PasskeysCard passkeys={passkeys} canChange={canChange} />
      <AuthenticatorAppCard enabled={totp.enabled} recoveryCodesLeft={totp.recoveryCodesLeft} canChange={canChange} />
    </>
  );
}
