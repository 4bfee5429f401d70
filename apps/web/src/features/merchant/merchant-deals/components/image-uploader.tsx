import { useId, useRef, useState, type ChangeEvent } from 'react';
import { ArrowLeft, ArrowRight, ImagePlus, Loader2, Trash2 } from 'lucide-react';
import { DEAL_IMAGES_MAX, DEAL_IMAGE_MAX_BYTES, MERCHANT_DEAL_MESSAGES as M } from '@localperks/shared';
import { errorMessage } from '../../../../lib/api-client';
import { thumbnailOf, uploadDealImage } from '../api';

const ACCEPT = 'image/jpeg,image/png,image/webp';

/**
 * Deal images: up to 6, uploaded one by one as they are chosen (checked and resized on the server),
 * reorderable (the first is the cover) and removable. A file the browser already knows to be wrong
 * (type, size) is refused here with the server's own message.
 */
export function ImageUploader({
  value,
  onChange,
  error,
  disabled,
}: {
  value: string[];
  onChange: (images: string[]) => void;
  error?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(0);
  const [problem, setProblem] = useState<string | null>(null);
  const room = DEAL_IMAGES_MAX - value.length;

  const onFiles = async (e: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(e.target.files ?? []);
    e.target.value = '';
    setProblem(null);
    if (files.length > room) setProblem(M.imagesMax);
    let images = value;
    for (const file of files.slice(0, room)) {
      if (!ACCEPT.split(',').includes(file.type)) {
        setProblem(`${file.name}: ${M.uploadNotImage}`);
        continue;
      }
      if (file.size > DEAL_IMAGE_MAX_BYTES) {
        setProblem(`${file.name}: ${M.uploadTooLarge}`);
        continue;
      }
      setUploading((n) => n + 1);
      try {
        const uploaded = await uploadDealImage(file);
        images = [...images, uploaded.url];
        onChange(images);
      } catch (err) {
        setProblem(`${file.name}: ${errorMessage(err, 'The image could not be uploaded.')}`);
      } finally {
        setUploading((n) => n - 1);
      }
    }
  };

  const move = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    next.splice(to, 0, item!);
    onChange(next);
  };

  const message = problem ?? error;
  return (
    <div className="space-y-2">
      <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
        Images
      </p>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        JPEG, PNG or WebP, up to 5 MB each, at most {DEAL_IMAGES_MAX}. The first image is the cover.
      </p>
      {value.length > 0 && (
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-labelledby={`${id}-label`}>
          {value.map((url, i) => (
            <li key={url} className="overflow-hidden rounded-lg border border-slate-300 bg-white">
              {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- names the upload slot ("Deal image 1 (cover)"): the merchant has not described the picture */}
              <img
                src={thumbnailOf(url)}
                alt={`Deal image ${i + 1}${i === 0 ? ' (cover)' : ''}`}
                className="aspect-[4/3] w-full object-cover"
              />
              <div className="flex items-center justify-between gap-1 p-1">
                <button
                  type="button"
                  disabled={disabled || i === 0}
                  onClick={() => move(i, i - 1)}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40"
                  aria-label={`Move image ${i + 1} earlier`}
                >
                  <ArrowLeft aria-hidden className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  disabled={disabled}
                  onClick={() => onChange(value.filter((u) => u !== url))}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-md text-red-700 hover:bg-red-50"
                  aria-label={`Remove image ${i + 1}`}
                >
                  <Trash2 aria-hidden className="h-4 w-4" />
                </button>
                <button
                  type="button"
                  disabled={disabled || i === value.length - 1}
                  onClick={() => move(i, i + 1)}
                  className="inline-flex h-9 w-9 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 disabled:opacity-40"
                  aria-label={`Move image ${i + 1} later`}
                >
                  <ArrowRight aria-hidden className="h-4 w-4" />
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <input
        ref={inputRef}
        id={`${id}-input`}
        type="file"
        accept={ACCEPT}
        multiple
        className="sr-only"
        onChange={(e) => void onFiles(e)}
        disabled={disabled || room <= 0}
        aria-describedby={`${id}-hint${message ? ` ${id}-error` : ''}`}
      />
      <label
        htmlFor={`${id}-input`}
        className={
          room <= 0 || disabled
            ? 'inline-flex min-h-11 cursor-not-allowed items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 text-sm text-slate-500'
            : 'inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-dashed border-slate-500 bg-white px-4 text-sm font-medium text-slate-800 hover:bg-slate-50 has-[:focus-visible]:ring-2'
        }
      >
        <ImagePlus aria-hidden className="h-4 w-4" />
        {room <= 0 ? 'Image limit reached' : 'Add images'}
      </label>
      {uploading > 0 && (
        <p role="status" className="flex items-center gap-2 text-sm text-slate-700">
          <Loader2 aria-hidden className="h-4 w-4 animate-spin" /> Uploading…
        </p>
      )}
      {message && (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700">
          {message}
        </p>
      )}
    </div>
  );
}
