import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
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
  updateBusinessProfileSchema,
  type MerchantBusinessProfile,
} from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button, buttonClass } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { businessProfileQuery, uploadBusinessImage, useUpdateBusinessProfile } from '../api';

const ACCEPT = 'image/jpeg,image/png,image/webp';
const DEFAULT_HOURS = { opens: '09:00', closes: '17:00' };

type DayHours = { isOpen: boolean; opens: string; closes: string };

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
  const [logoUrl, setLogoUrl] = useState(profile.logoUrl);
  const [coverUrl, setCoverUrl] = useState(profile.coverUrl);
  const [hours, setHours] = useState<Record<number, DayHours>>(() =>
    Object.fromEntries(
      WEEK_ORDER.map((day) => {
        const h = profile.openingHours.find((x) => x.day === day);
        return [day, h ? { isOpen: true, opens: h.opens, closes: h.closes } : { isOpen: false, ...DEFAULT_HOURS }];
      }),
    ),
  );
  const [highlights, setHighlights] = useState<string[]>(profile.highlights.length ? profile.highlights : ['']);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const setDay = (day: number, change: Partial<DayHours>) => setHours((all) => ({ ...all, [day]: { ...all[day]!, ...change } }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const input = {
      logoUrl,
      coverUrl,
      openingHours: WEEK_ORDER.filter((day) => hours[day]!.isOpen).map((day) => ({
        day,
        opens: hours[day]!.opens,
        closes: hours[day]!.closes,
      })),
      highlights,
    };
    const parsed = updateBusinessProfileSchema.safeParse(input);
    if (!parsed.success) {
      // Paths like ['openingHours', 2, 'closes'] name the row; the form shows the message beside it.
      setErrors(
        Object.fromEntries(
          parsed.error.issues.map((i) => {
            const [field, index] = i.path;
            const key = field === 'openingHours' && typeof index === 'number' ? `day-${input.openingHours[index]!.day}` : String(field);
            return [key, i.message];
          }),
        ),
      );
      return;
    }
    setErrors({});
    save.mutate(input, {
      onSuccess: (saved) => {
        setHighlights(saved.highlights.length ? saved.highlights : ['']);
        toast.success(B.savedTitle, { description: 'Your public business page shows the changes now.' });
      },
      onError: (err) => {
        if (err instanceof ApiError && err.fields) setErrors(err.fields);
        toast.error(B.saveFailed, { description: err.message });
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="space-y-6">
      <div className="grid gap-6 md:grid-cols-[1fr_2fr]">
        <ImagePicker label="Logo" value={logoUrl} onChange={setLogoUrl} previewClass="h-24 w-24" error={errors.logoUrl} />
        <ImagePicker
          label="Cover image"
          value={coverUrl}
          onChange={setCoverUrl}
          previewClass="aspect-[3/1] w-full"
          error={errors.coverUrl}
        />
      </div>

      <fieldset className="space-y-2">
        <legend className="text-sm font-medium text-slate-800">Opening hours</legend>
        <p className="text-xs text-slate-600">Days left unticked show as Closed.</p>
        {errors.openingHours && (
          <p role="alert" className="text-sm text-red-700">
            {errors.openingHours}
          </p>
        )}
        <ul className="divide-y divide-slate-100">
          {WEEK_ORDER.map((day) => {
            const h = hours[day]!;
            const name = WEEKDAY_NAMES[day];
            const error = errors[`day-${day}`];
            return (
              <li key={day} className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2">
                <label className="inline-flex min-h-11 w-36 items-center gap-2 text-sm font-medium text-slate-800">
                  <input
                    type="checkbox"
                    checked={h.isOpen}
                    onChange={(e) => setDay(day, { isOpen: e.target.checked })}
                    className="h-6 w-6 accent-brand-700"
                  />
                  {name}
                </label>
                {h.isOpen ? (
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="w-36">
                      <Input
                        type="time"
                        aria-label={`${name} opens`}
                        value={h.opens}
                        onChange={(e) => setDay(day, { opens: e.target.value })}
                        aria-invalid={Boolean(error)}
                      />
                    </span>
                    <span aria-hidden>to</span>
                    <span className="w-36">
                      <Input
                        type="time"
                        aria-label={`${name} closes`}
                        value={h.closes}
                        onChange={(e) => setDay(day, { closes: e.target.value })}
                        aria-invalid={Boolean(error)}
                      />
                    </span>
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
        {errors.highlights && (
          <p role="alert" className="text-sm text-red-700">
            {errors.highlights}
          </p>
        )}
        <ul className="space-y-2">
          {highlights.map((text, i) => (
            <li key={i} className="flex items-center gap-2">
              <Input
                aria-label={`Highlight ${i + 1}`}
                value={text}
                maxLength={BUSINESS_HIGHLIGHT_MAX_LENGTH}
                onChange={(e) => setHighlights((all) => all.map((x, j) => (j === i ? e.target.value : x)))}
              />
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove highlight ${i + 1}`}
                onClick={() => setHighlights((all) => (all.length > 1 ? all.filter((_, j) => j !== i) : ['']))}
              >
                <Trash2 aria-hidden className="h-4 w-4" />
              </Button>
            </li>
          ))}
        </ul>
        {highlights.length < BUSINESS_HIGHLIGHTS_MAX && (
          <Button variant="secondary" size="sm" onClick={() => setHighlights((all) => [...all, ''])}>
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
 * The merchant's public business page (DESIGN.md 13): a link to it and, on the plans with an
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
