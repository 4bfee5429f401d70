import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import * as TabsPrimitive from '@radix-ui/react-tabs';
import { Link, useSearchParams } from 'react-router';
import {
  ACCOUNT_MESSAGES,
  AUTH_MESSAGES,
  changePasswordFormSchema,
  updateProfileSchema,
  type ChangePasswordForm,
  type Profile,
  type UpdateProfile,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input } from '../../../components/ui/input';
import { Tabs, TabsContent, TabsTrigger } from '../../../components/ui/tabs';
import { paths } from '../../../config/paths';
import { profileQuery, useChangePassword, useUpdateProfile } from '../../../features/accounts/account/api';
import { EmailSection } from '../../../features/accounts/account/components/change-email-form';
import { SessionsCard } from '../../../features/accounts/account/components/sessions-card';
import { SignInMethods } from '../../../features/accounts/account/components/sign-in-methods';
import { RequireRole } from '../../../features/accounts/auth/guards';
import { DeleteAccountCard } from '../../../features/support/privacy/components/delete-account-card';
import { DownloadDataCard } from '../../../features/support/privacy/components/download-data-card';
import { FavoritesGrid } from '../../components/favorites-grid';
import { PaymentMethods } from '../../../features/orders/purchases/components/payment-methods';
import { MessageAboutPurchaseButton } from '../../../features/support/customer-messages/components/message-merchant-button';
import { PurchaseList } from '../../../features/orders/purchases/components/purchase-list';
import { ReviewLink } from '../../../features/engagement/reviews/components/review-link';
import { NotificationsCard } from '../../../features/engagement/notifications/components/notifications-card';
import { MyMessages } from '../../../features/support/customer-messages/components/my-messages';
import { MyTickets } from '../../../features/support/support/components/my-tickets';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

function ProfileForm({ profile }: { profile: Profile }) {
  // `raw`: the request carries the fields as typed (the server parses them with the same schema).
  const form = useForm<UpdateProfile>({
    resolver: zodResolver(updateProfileSchema, undefined, { raw: true }),
    defaultValues: { name: profile.name, phoneNumber: profile.phoneNumber ?? '' },
  });
  const { errors } = form.formState;
  const update = useUpdateProfile();
  const submit = (values: UpdateProfile) =>
    update.mutate(values, {
      onSuccess: () => toast.success('Profile Updated', { description: 'Your profile has been saved.' }),
      onError: (err) => toast.error('Update Failed', { description: errorMessage(err, 'Failed to update profile. Please try again.') }),
    });
  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-4">
      <Field label="Display Name" error={errors.name?.message}>
        {(p) => <Input {...p} {...form.register('name')} autoComplete="name" />}
      </Field>
      <Field label="Phone (optional)" error={errors.phoneNumber?.message}>
        {(p) => <Input {...p} {...form.register('phoneNumber')} type="tel" autoComplete="tel" />}
      </Field>
      {/* The rule is about merchants' deal descriptions (docs/product/customer-spec.md §2): a customer has none. */}
      {profile.role === 'merchant' && <Alert>Phone numbers are not allowed in deal descriptions and will be removed.</Alert>}
      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}

const emptyPasswords: ChangePasswordForm = { currentPassword: '', newPassword: '', confirmNewPassword: '' };

function PasswordForm() {
  const form = useForm<ChangePasswordForm>({
    resolver: zodResolver(changePasswordFormSchema),
    defaultValues: emptyPasswords,
  });
  const { errors } = form.formState;
  const change = useChangePassword();

  // A mismatch is reported first, as a toast, and hides the field messages.
  const isMismatch = ({ newPassword, confirmNewPassword }: ChangePasswordForm) => {
    if (newPassword === confirmNewPassword) return false;
    form.clearErrors();
    toast.error(ACCOUNT_MESSAGES.mismatchTitle, { description: 'The new password and its confirmation do not match.' });
    return true;
  };

  const submit = (values: ChangePasswordForm) => {
    if (isMismatch(values)) return;
    change.mutate(
      { currentPassword: values.currentPassword, newPassword: values.newPassword },
      {
        onSuccess: () => {
          toast.success('Password Updated', { description: 'Your password has been changed. Other devices were signed out.' });
          form.reset(emptyPasswords);
        },
        onError: (err) => {
          if (err instanceof ApiError && err.fields)
            for (const [name, message] of Object.entries(err.fields)) form.setError(name as keyof ChangePasswordForm, { message });
          toast.error('Password Change Failed', { description: errorMessage(err, 'Failed to change password. Please try again.') });
        },
      },
    );
  };
  return (
    <form noValidate onSubmit={(e) => void form.handleSubmit(submit, () => isMismatch(form.getValues()))(e)} className="space-y-4">
      <Field label="Current Password" error={errors.currentPassword?.message}>
        {(p) => <Input {...p} type="password" autoComplete="current-password" {...form.register('currentPassword')} />}
      </Field>
      <Field label="New Password" error={errors.newPassword?.message} hint={AUTH_MESSAGES.passwordHint}>
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('newPassword')} />}
      </Field>
      <Field label="Confirm New Password">
        {(p) => <Input {...p} type="password" autoComplete="new-password" {...form.register('confirmNewPassword')} />}
      </Field>
      <Button type="submit" disabled={change.isPending}>
        {change.isPending ? 'Updating...' : 'Update Password'}
      </Button>
    </form>
  );
}

const CUSTOMER_TABS = ['purchases', 'favorites', 'payment-methods', 'messages', 'notifications'] as const;
type AccountTab = 'profile' | 'security' | 'privacy' | 'support' | (typeof CUSTOMER_TABS)[number];

/** The open tab lives in the address (`?tab=purchases`), so every tab can be linked to. */
function useAccountTab(isCustomer: boolean): [AccountTab, (tab: string) => void] {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab: AccountTab =
    asked === 'security' ||
    asked === 'privacy' ||
    asked === 'support' ||
    (isCustomer && (CUSTOMER_TABS as readonly string[]).includes(asked ?? ''))
      ? (asked as AccountTab)
      : 'profile';
  const setTab = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        if (next === 'profile') updated.delete('tab');
        else updated.set('tab', next);
        return updated;
      },
      { replace: true },
    );
  return [tab, setTab];
}

function SectionHeading({ title, description }: { title: string; description: string }) {
  return (
    <div className="mb-4">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      <p className="mt-1 text-sm text-slate-600">{description}</p>
    </div>
  );
}

function ProfileContent() {
  const profile = useQuery(profileQuery);
  const isCustomer = profile.data?.role === 'customer';
  const [tab, setTab] = useAccountTab(isCustomer);
  if (!profile.data) return <p className="py-12 text-center text-slate-600">Loading profile...</p>;
  const p = profile.data;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <title>My Account | LocalPerks</title>
      <h1 className="text-3xl font-bold text-slate-900">My Account</h1>
      <p className="mt-1 break-words text-slate-700">{p.email}</p>
      {!p.emailVerified && (
        <Alert variant="destructive" className="mt-4" title="Your email is not verified yet">
          Check your inbox for the confirmation link, or{' '}
          <Link to={paths.verifyEmail} className="font-medium underline">
            send a new one
          </Link>
          .
        </Alert>
      )}
      <Tabs value={tab} onValueChange={setTab} className="mt-6">
        {/* Wraps onto two rows on a phone, where five equal columns would not fit. */}
        <TabsPrimitive.List aria-label="Account sections" className="flex w-full flex-wrap gap-1 rounded-lg bg-slate-200 p-1">
          {(
            [
              ['profile', 'Profile'],
              ['security', 'Security'],
              ...(isCustomer
                ? ([
                    ['purchases', 'Purchases'],
                    ['favorites', 'Favorites'],
                    ['payment-methods', 'Payment Methods'],
                    ['messages', 'Messages'],
                    ['notifications', 'Notifications'],
                  ] as const)
                : []),
              ['support', 'Support'],
              ['privacy', 'Privacy'],
            ] as const
          ).map(([value, label]) => (
            <TabsTrigger key={value} value={value} className="flex-auto whitespace-nowrap">
              {label}
            </TabsTrigger>
          ))}
        </TabsPrimitive.List>
        <TabsContent value="profile">
          <Card>
            <CardHeader>
              <CardTitle>Profile</CardTitle>
              <CardDescription>How your name appears on LocalPerks.</CardDescription>
            </CardHeader>
            <CardContent className="space-y-6">
              <ProfileForm profile={p} />
              <EmailSection profile={p} />
            </CardContent>
          </Card>
        </TabsContent>
        <TabsContent value="security" className="space-y-6">
          <Card>
            <CardHeader>
              <CardTitle>Change Password</CardTitle>
              <CardDescription>You will stay signed in here; other devices are signed out.</CardDescription>
            </CardHeader>
            <CardContent>
              <PasswordForm />
            </CardContent>
          </Card>
          <SignInMethods />
          <SessionsCard />
        </TabsContent>
        <TabsContent value="privacy" className="space-y-6">
          <DownloadDataCard />
          <DeleteAccountCard />
        </TabsContent>
        <TabsContent value="support">
          <SectionHeading title="Support" description="Your messages to LocalPerks support and our replies." />
          <MyTickets />
        </TabsContent>
        {isCustomer && (
          <>
            <TabsContent value="purchases">
              <SectionHeading title="Purchases" description="Your vouchers, with the code and QR code to show at the counter." />
              <PurchaseList
                headingLevel={3}
                purchaseActions={(p) => (
                  <div className="flex flex-wrap items-center gap-x-2">
                    <ReviewLink purchase={p} />
                    <MessageAboutPurchaseButton purchase={p} />
                  </div>
                )}
              />
            </TabsContent>
            <TabsContent value="favorites">
              <SectionHeading title="Favorites" description="Deals you saved with the heart." />
              <FavoritesGrid gridClassName="sm:grid-cols-2" headingLevel={3} />
            </TabsContent>
            <TabsContent value="payment-methods">
              <Card>
                <CardHeader>
                  <CardTitle>Payment Methods</CardTitle>
                  <CardDescription>Cards you chose to save at checkout.</CardDescription>
                </CardHeader>
                <CardContent>
                  <PaymentMethods />
                </CardContent>
              </Card>
            </TabsContent>
            <TabsContent value="messages">
              <SectionHeading title="Messages" description="What you wrote to merchants, and their replies." />
              <MyMessages headingLevel={3} />
            </TabsContent>
            <TabsContent value="notifications">
              <NotificationsCard />
            </TabsContent>
          </>
        )}
      </Tabs>
    </div>
  );
}

/** /profile: the account page (signed-in users; visitors are sent to sign in). */
export default function ProfilePage() {
  return (
    <RequireRole>
      <ProfileContent />
    </RequireRole>
  );
}
