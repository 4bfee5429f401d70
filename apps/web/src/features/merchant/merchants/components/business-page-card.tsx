import { useId, useRef, useState, type ChangeEvent } from 'react';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors, type FieldPath, type Resolver } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import { ExternalLink, ImagePlus, Loader2, Plus, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import {
  BUSINESS_HIGHLIGHTS_MAX,
  BUSINESS_HIGHLIGHT_MAX_LENGTH,
  BUSINESS_PROFILE_MESSAGES as B,
  DEAL_IMAGE_MAX_BYTES,
  MERCHANT_DEAL_MESSAGES as D,
  WEEK_ORDER,
  WEEKDAY_NAMES,
  isOvernight,
  updateBusinessProfileSchema,
  type MerchantBusinessProfile,
  type UpdateBusinessProfile,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button, buttonClass } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Input } from '../../../../components/ui/input';
import { Spinner } from '../../../../components/ui/spinner';
import { paths } from '../../../../config/paths';
import { ApiError, errorMessage } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { businessProfileQuery, uploadBusinessImage, useUpdateBusinessProfile } from '../api';
import { PayForMessagingButton } from './pay-for-messaging';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const DEFAULT_HOURS = { opens: '09:00', closes: '17:00' };

type DayHours = { isOpen: boolean; opens: string; closes: string };

/**
 * The form's own shape: every day in WEEK_ORDER with its tick (an unticked day keeps its times for
 * when it is ticked again) and the highlights as rows. `toInput` gives what the server's schema checks.
 */
type BusinessPageForm = { logoUrl: string | null; coverUrl: string | null; hours: DayHours[]; highlights: { text: string }[] };

const toInput = (v: BusinessPageForm): UpdateBusinessProfile => ({
  logoUrl: v.logoUrl,
  coverUrl: v.coverUrl,
  openingHours: WEEK_ORDER.flatMap((day, i) => {
    const h = v.hours[i]!;
    return h.isOpen ? [{ day, opens: h.opens, closes: h.closes }] : [];
  }),
  highlights: v.highlights.map((h) => h.text),
});

const highlightRows = (list: readonly string[]) => (list.length ? list : ['']).map((text) => ({ text }));

/**
 * Where a message about the saved shape shows on the form: `openingHours.2.closes` on its day's row,
 * anything else about the hours or the highlights above its list, an image under its picker.
 */
function errorName(
  path: readonly PropertyKey[],
  input: UpdateBusinessProfile,
): 'logoUrl' | 'coverUrl' | `hours.${number}` | 'hours.root' | 'highlights.root' {
  const [field, index] = path;
  if (field === 'logoUrl' || field === 'coverUrl') return field;
  if (field === 'openingHours') {
    const entry = typeof index === 'number' ? input.openingHours[index] : undefined;
    return entry ? `hours.${WEEK_ORDER.indexOf(entry.day as (typeof WEEK_ORDER)[number])}` : 'hours.root';
  }
  return 'highlights.root';
}

/** The server's schema on the form's values; each message lands where `errorName` puts it. */
const businessPageResolver: Resolver<BusinessPageForm> = (values) => {
  const input = toInput(values);
  const parsed = updateBusinessProfileSchema.safeParse(input);
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const [field, key] = errorName(issue.path, input).split('.') as [string, string | undefined];
    const error = { type: issue.code, message: issue.message };
    if (key === undefined) errors[field] ??= error;
    else ((errors[field] ??= []) as Record<string, unknown>)[key] ??= error;
  }
  return { values: {}, errors: errors as FieldErrors<BusinessPageForm> };
};

/** One image (logo or cover): uploaded as soon as it is chosen, through the deal image pipeline. */
function ImagePicker({
  label,
  value,
  onChange,
  previewClass,
  error,
}: {
  label: string;
  value: string | null;
  onChange: (url: string | null) => void;
  previewClass: string;
  error?: string;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem(null);
    if (!ACCEPT.split(',').includes(file.type)) return setProblem(D.uploadNotImage);
    if (file.size > DEAL_IMAGE_MAX_BYTES) return setProblem(D.uploadTooLarge);
    setIsUploading(true);
    try {
      onChange((await uploadBusinessImage(file)).url);
    } catch (err) {
      setProblem(errorMessage(err, 'The image could not be uploaded.'));
    } finally {
      setIsUploading(false);
    }
  };

  const message = problem ?? error;
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        {label}
      </p>
      {value ? (
        <img
          src={value}
          alt={`Your ${label.toLowerCase()}`}
          className={`${previewClass} rounded-lg border border-slate-300 object-cover`}
        />
      ) : (
        <p className="text-sm text-slate-600">None yet.</p>
      )}
      <div className="flex flex-wrap gap-2">
        <input
          ref={inputRef}
          id={`${id}-file`}
          type="file"
          accept={ACCEPT}
          className="sr-only"
          aria-labelledby={`${id}-label`}
          aria-describedby={message ? `${id}-error` : undefined}
          onChange={(e) => void onFile(e)}
          tabIndex={-1}
        />
        <Button variant="secondary" size="sm" onClick={() => inputRef.current?.click()} disabled={isUploading}>
          {isUploading ? <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> : <ImagePlus aria-hidden className="h-4 w-4" />}
          {isUploading ? 'Uploading...' : value ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
        </Button>
        {value && (
          <Button variant="ghost" size="sm" onClick={() => onChange(null)}>
            <Trash2 aria-hidden className="h-4 w-4" /> Remove {label.toLowerCase()}
          </Button>
        )}
      </div>
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}

function EnhancedProfileForm({ profile }: { profile: MerchantBusinessProfile }) {
  const save = useUpdateBusinessProfile();
  const form = useForm<BusinessPageForm>({
    resolver: businessPageResolver,
    // As before the form library: a message stays until the next save.
    reValidateMode: 'onSubmit',
    defaultValues: {
      logoUrl: profile.logoUrl,
      coverUrl: profile.coverUrl,
      hours: WEEK_ORDER.map((day) => {
        const h = profile.openingHours.find((x) => x.day === day);
        return h ? { isOpen: true, opens: h.opens, closes: h.closes } : { isOpen: false, ...DEFAULT_HOURS };
      }),
      highlights: highlightRows(profile.highlights),
    },
  });
  const { errors } = form.formState;
  const highlights = useFieldArray({ control: form.control, name: 'highlights' });
  const hours = useWatch({ control: form.control, name: 'hours' });

  const submit = (values: BusinessPageForm) => {
    const input = toInput(values);
    save.mutate(input, {
      onSuccess: (saved) => {
        highlights.replace(highlightRows(saved.highlights));
        toast.success(B.savedTitle, { description: 'Your public business page shows the changes now.' });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields)
          for (const [key, message] of Object.entries(err.fields)) {
            const path = key.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k));
            // A list's own message lives at its `root`, where react-hook-form keeps it for field arrays.
            form.setError(errorName(path, input) as FieldPath<BusinessPageForm>, { message });
          }
        toast.error(B.saveFailed, { description: err.message });
      },
    });
  };

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-6">
      <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <Controller
          control={form.control}
          name="logoUrl"
          render={({ field }) => (
            <ImagePicker
              label="Logo"
              value={field.value}
              onChange={field.onChange}
              previewClass="h-24 w-24"
              error={errors.logoUrl?.message}
            />
          )}
        />
        <Controller
          control={form.control}
          name="coverUrl"
          render={({ field }) => (
            <ImagePicker
              label="Cover image"
              value={field.value}
              onChange={field.onChange}
              previewClass="aspect-[3/1] w-full"
              error={errors.coverUrl?.message}
            />
          )}
        />
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Opening hours</legend>
        <p className="text-xs text-slate-600">
          Days left unticked show as Closed. Open past midnight? Enter the closing time as it is, e.g. 18:00 to 02:00.
        </p>
        {errors.hours?.root && (
          <p role="alert" className="text-sm text-red-700">
            {errors.hours.root.message}
          </p>
        )}
        <ul className="divide-y divide-slate-100">
          {WEEK_ORDER.map((day, i) => {
            const h = hours[i]!;
            const name = WEEKDAY_NAMES[day];
            const error = errors.hours?.[i]?.message;
            return (
              <li key={day} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
                <label className="inline-flex min-h-11 w-36 items-center gap-2 text-sm font-medium text-slate-800">
                  <input type="checkbox" {...form.register(`hours.${i}.isOpen`)} className="h-6 w-6 accent-brand-700" />
                  {name}
                </label>
                {h.isOpen ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="w-36">
                      <Input
                        type="time"
                        aria-label={`${name} opens`}
                        {...form.register(`hours.${i}.opens`)}
                        aria-invalid={Boolean(error)}
                      />
                    </span>
                    <span aria-hidden>to</span>
                    <span className="w-36">
                      <Input
                        type="time"
                        aria-label={`${name} closes`}
                        {...form.register(`hours.${i}.closes`)}
                        aria-invalid={Boolean(error)}
                      />
                    </span>
                    {isOvernight(h) && <span className="text-sm text-slate-700">next day</span>}
                  </span>
                ) : (
                  <span className="text-sm text-slate-600">Closed</span>
                )}
                {error && (
                  <p role="alert" className="w-full text-sm text-red-700">
                    {name}: {error}
                  </p>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Highlights</legend>
        <p className="text-xs text-slate-600">
          Up to {BUSINESS_HIGHLIGHTS_MAX} short points, {BUSINESS_HIGHLIGHT_MAX_LENGTH} characters each (e.g. “Free parking”).
        </p>
        {errors.highlights?.root && (
          <p role="alert" className="text-sm text-red-700">
            {errors.highlights.root.message}
          </p>
        )}
        <ul className="space-y-2">
          {highlights.fields.map((row, i) => (
            <li key={row.id} className="flex items-center gap-2">
              <Input
                aria-label={`Highlight ${i + 1}`}
                maxLength={BUSINESS_HIGHLIGHT_MAX_LENGTH}
                {...form.register(`highlights.${i}.text`)}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove highlight ${i + 1}`}
                onClick={() => (highlights.fields.length > 1 ? highlights.remove(i) : highlights.replace(highlightRows([])))}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
        {highlights.fields.length < BUSINESS_HIGHLIGHTS_MAX && (
          <Button variant="secondary" size="sm" onClick={() => highlights.append({ text: '' }, { shouldFocus: false })}>
            <Plus aria-hidden className="h-4 w-4" /> Add highlight
          </Button>
        )}
      </fieldset>

      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? 'Saving...' : 'Save business page'}
      </Button>
    </form>
  );
}

/**
 * The merchant's public business page (docs/product/design.md §13): a link to it and, on the plans with an
 * enhanced profile, its logo, cover, opening hours and highlights. Advertise Only sees what
 * upgrading adds.
 */
export function BusinessPageCard({ onSwitchPlans }: { onSwitchPlans: () => void }) {
  const query = useQuery(businessProfileQuery);
  const profile = query.data;
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="text-lg">Business Page</CardTitle>
        {profile?.approved && (
          <Link to={paths.business(profile.slug)} className={buttonClass('secondary', 'sm')}>
            View your public page <ExternalLink aria-hidden className="h-4 w-4" />
          </Link>
        )}
      </CardHeader>
      <CardContent>
        {query.isPending ? (
          <Spinner label="Loading your business page..." />
        ) : query.isError ? (
          <Alert variant="destructive" title="We couldn't load your business page">
            {query.error.message}
          </Alert>
        ) : !profile!.enhancedProfile && profile!.plan === 'advertise_messaging' ? (
          // Chosen but not paid: every paid feature starts with the confirmed payment (hasPaidFeatures).
          <div className="space-y-3 text-sm text-slate-700">
            <p>{B.needsPayment}</p>
            {profile!.approved && <PayForMessagingButton />}
          </div>
        ) : !profile!.enhancedProfile ? (
          <div className="space-y-3 text-sm text-slate-700">
            <p>
              Your page shows your name, description, location, phone and website. Upgrade to Advertise + Messaging or Deals + Messaging to
              add:
            </p>
            <ul className="list-disc space-y-1 pl-5">
              <li>your logo and a cover image</li>
              <li>opening hours</li>
              <li>up to {BUSINESS_HIGHLIGHTS_MAX} highlights</li>
              <li>a “Message this business” button for customers</li>
            </ul>
            <Button size="sm" onClick={onSwitchPlans}>
              See plans
            </Button>
          </div>
        ) : (
          <>
            {!profile!.approved && <p className="mb-4 text-sm text-slate-700">Your page goes live once an admin approves your business.</p>}
            <EnhancedProfileForm profile={profile!} />
          </>
        )}
      </CardContent>
    </Card>
  );
}
