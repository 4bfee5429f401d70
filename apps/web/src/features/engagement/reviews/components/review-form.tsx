import { useId, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { ImagePlus, Star, X } from 'lucide-react';
import {
  REVIEW_BODY_MAX,
  REVIEW_MESSAGES as M,
  REVIEW_PHOTOS_MAX,
  REVIEW_TITLE_MAX,
  reviewFormSchema,
  type ReviewForm as ReviewFormValues,
} from '@localperks/shared';
import { Button } from '../../../../components/ui/button';
import { Field, Input, Textarea } from '../../../../components/ui/input';
import { ApiError } from '../../../../lib/api-client';
import { cn } from '../../../../lib/cn';
import { toast } from '../../../../lib/toast';
import { uploadReviewPhoto, useCreateReview } from '../api';

const STAR_WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/** The stars as five radio buttons (arrow keys move between them), labelled for screen readers. */
function StarPicker({ value, onChange, error }: { value: number | undefined; onChange: (n: number) => void; error?: string }) {
  const name = useId();
  return (
    <fieldset aria-describedby={error ? `${name}-error` : undefined}>
      <legend className="mb-1 text-sm font-medium text-slate-800">Your rating</legend>
      <div className="flex items-center gap-1">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer rounded-md p-1 focus-within:ring-2 focus-within:ring-brand-700">
            <input type="radio" name={name} value={n} checked={value === n} onChange={() => onChange(n)} className="sr-only" />
            <Star
              aria-hidden
              className={cn('h-9 w-9', value && n <= value ? 'fill-amber-400 text-amber-500' : 'fill-white text-slate-500')}
            />
            <span className="sr-only">
              {n} {n === 1 ? 'star' : 'stars'}: {STAR_WORDS[n]}
            </span>
          </label>
        ))}
        <span className="ml-2 text-sm font-medium text-slate-800" aria-hidden>
          {value ? STAR_WORDS[value] : ''}
        </span>
      </div>
      {error && (
        <p id={`${name}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** The review form of one redeemed voucher: stars, an optional title, the text, and up to four photos. */
export function ReviewForm({ purchaseId, onDone }: { purchaseId: string; onDone: () => void }) {
  const create = useCreateReview(purchaseId);
  const form = useForm<ReviewFormValues>({ resolver: zodResolver(reviewFormSchema), defaultValues: { title: '', body: '' } });
  const { errors } = form.formState;
  const rating = form.watch('rating');
  const body = form.watch('body') ?? '';
  const [photos, setPhotos] = useState<{ url: string; thumbnailUrl: string }[]>([]);
  const [isUploading, setIsUploading] = useState(false);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const photoId = useId();

  const addPhotos = async (files: FileList | null) => {
    if (!files?.length) return;
    setPhotoError(null);
    const room = REVIEW_PHOTOS_MAX - photos.length;
    if (files.length > room) setPhotoError(M.photosMax);
    setIsUploading(true);
    try {
      for (const file of [...files].slice(0, room)) {
        const stored = await uploadReviewPhoto(file);
        setPhotos((p) => [...p, { url: stored.url, thumbnailUrl: stored.thumbnailUrl }]);
      }
    } catch (err) {
      setPhotoError(err instanceof Error ? err.message : 'The photo could not be uploaded.');
    } finally {
      setIsUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = (values: ReviewFormValues) =>
    create.mutate(
      { ...values, photos: photos.map((p) => p.url) },
      {
        onSuccess: () => {
          toast.success(M.createdTitle, { description: M.createdDescription });
          onDone();
        },
        onError: (err) => {
          const fields = err instanceof ApiError ? err.fields : undefined;
          if (fields && (fields.rating || fields.title || fields.body)) {
            for (const name of ['rating', 'title', 'body'] as const) if (fields[name]) form.setError(name, { message: fields[name] });
          } else toast.error('Your review was not saved', { description: err.message });
        },
      },
    );

  return (
    <form noValidate onSubmit={form.handleSubmit(submit)} className="space-y-5">
      <StarPicker
        value={rating}
        onChange={(n) => form.setValue('rating', n, { shouldValidate: form.formState.isSubmitted })}
        error={errors.rating?.message}
      />
      <Field label="Title (optional)" error={errors.title?.message}>
        {(p) => <Input {...p} {...form.register('title')} maxLength={REVIEW_TITLE_MAX} placeholder="Sum it up in a few words" />}
      </Field>
      <Field
        label="Your review"
        error={errors.body?.message}
        hint={`${body.trim().length} / ${REVIEW_BODY_MAX.toLocaleString('en-US')} characters (at least 20)`}
      >
        {(p) => (
          <Textarea
            {...p}
            rows={6}
            {...form.register('body')}
            maxLength={REVIEW_BODY_MAX}
            placeholder="What was good, what could be better?"
          />
        )}
      </Field>
      <div>
        <p id={photoId} className="text-sm font-medium text-slate-800">
          Photos (optional, up to {REVIEW_PHOTOS_MAX})
        </p>
        {photos.length > 0 && (
          <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby={photoId}>
            {photos.map((p, i) => (
              <li key={p.url} className="relative">
                <img
                  src={p.thumbnailUrl}
                  alt={`Upload ${i + 1}`}
                  width={96}
                  height={72}
                  className="h-18 w-24 rounded-md border border-slate-200 object-cover"
                />
                <button
                  type="button"
                  onClick={() => setPhotos((all) => all.filter((x) => x.url !== p.url))}
                  className="absolute -right-2 -top-2 inline-flex h-8 w-8 items-center justify-center rounded-full bg-slate-900 text-white"
                  aria-label={`Remove photo ${i + 1}`}
                >
                  <X aria-hidden className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        )}
        {photos.length < REVIEW_PHOTOS_MAX && (
          <label className="mt-2 inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 hover:bg-slate-100 focus-within:ring-2 focus-within:ring-brand-700">
            <ImagePlus aria-hidden className="h-4 w-4" /> {isUploading ? 'Uploading...' : 'Add photos'}
            <input
              ref={fileInput}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              multiple
              className="sr-only"
              disabled={isUploading}
              onChange={(e) => void addPhotos(e.target.files)}
            />
          </label>
        )}
        {photoError && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {photoError}
          </p>
        )}
      </div>
      <Button type="submit" size="lg" disabled={create.isPending || isUploading}>
        {create.isPending ? 'Posting...' : 'Post review'}
      </Button>
    </form>
  );
}
