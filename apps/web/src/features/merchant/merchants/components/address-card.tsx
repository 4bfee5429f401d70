import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import {
  ADDRESS_MESSAGES as M,
  LOCATIONS,
  addressLine,
  merchantAddressSchema,
  type MerchantAddressForm,
  type MerchantAddressInput,
  type MerchantOverview,
} from '@localperks/shared';
import { Alert } from '../../../../components/ui/alert';
import { Button } from '../../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../../components/ui/card';
import { Field, Input } from '../../../../components/ui/input';
import { StateSelect } from '../../../../components/ui/state-select';
import { MapView } from '../../../../components/map/map-view';
import { useMapTiles } from '../../../../components/map/map-settings';
import { ApiError } from '../../../../lib/api-client';
import { toast } from '../../../../lib/toast';
import { useSaveMerchantAddress } from '../api';
import { AddressFields } from './address-fields';

type Merchant = NonNullable<MerchantOverview['merchant']>;
const FIELDS = ['addressLine1', 'addressLine2', 'city', 'state', 'zip', 'lat', 'lng'] as const;

/** A coordinate typed in a field, or null when it is not one. */
function typedCoordinate(typed: unknown, limit: number): number | null {
  const text = typeof typed === 'number' ? String(typed) : typeof typed === 'string' ? typed.trim() : '';
  const n = Number(text);
  return text !== '' && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
}

/**
 * The business's street address on the dashboard (docs/decisions/0049-location.md). A business
 * registered before addresses is asked for one here; the point starts at the ZIP code's centre and may
 * be refined with the latitude and longitude of the door, or, where a map is configured, by dragging
 * its pin (docs/decisions/0060-map.md).
 */
export function AddressCard({ merchant }: { merchant: Merchant }) {
  const place = merchant.place;
  const [isEditing, setIsEditing] = useState(!place);
  const save = useSaveMerchantAddress();
  const form = useForm<MerchantAddressForm, unknown, MerchantAddressInput>({
    resolver: zodResolver(merchantAddressSchema),
    defaultValues: {
      addressLine1: place?.addressLine1 ?? '',
      addressLine2: place?.addressLine2 ?? '',
      city: place?.city ?? merchant.city,
      state: place?.state ?? merchant.state,
      zip: place?.zip ?? '',
      lat: place ? String(place.lat) : '',
      lng: place ? String(place.lng) : '',
    },
  });
  const { errors } = form.formState;
  const hasMap = Boolean(useMapTiles());
  const [isRefining, setIsRefining] = useState(false);
  // The pin stands on the typed point, else the saved one, else the centre of the typed city when it is one of the 12.
  const [typedLat, typedLng, typedCity, typedState] = form.watch(['lat', 'lng', 'city', 'state']);
  const lat = typedCoordinate(typedLat, 90);
  const lng = typedCoordinate(typedLng, 180);
  const cityCentre = LOCATIONS.find((l) => l.city === typedCity?.trim() && l.state === typedState);
  const pinAt = lat !== null && lng !== null ? { lat, lng } : (place ?? cityCentre ?? null);
  const dropPin = (p: { lat: number; lng: number }) => {
    const set = { shouldDirty: true, shouldValidate: true } as const;
    form.setValue('lat', p.lat.toFixed(6), set);
    form.setValue('lng', p.lng.toFixed(6), set);
  };
  const submit = (v: MerchantAddressInput) =>
    save.mutate(
      { ...v, addressLine2: v.addressLine2 ?? '' },
      {
        onSuccess: () => {
          toast.success(M.savedTitle);
          setIsEditing(false);
        },
        onError: (e) => {
          const fields = e instanceof ApiError && e.fields ? Object.entries(e.fields) : [];
          for (const [k, message] of fields)
            if ((FIELDS as readonly string[]).includes(k)) form.setError(k as (typeof FIELDS)[number], { message });
          if (!fields.length) toast.error(M.saveFailed, { description: e.message });
        },
      },
    );

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <CardTitle className="flex items-center gap-2 text-lg">
          <MapPin aria-hidden className="h-5 w-5 text-brand-700" /> Street Address
        </CardTitle>
        {!isEditing && (
          <Button variant="secondary" size="sm" onClick={() => setIsEditing(true)}>
            Edit Address
          </Button>
        )}
      </CardHeader>
      <CardContent>
        {!place && (
          <Alert title={M.missingTitle} className="mb-4">
            {M.missingText}
          </Alert>
        )}
        {isEditing ? (
          <form onSubmit={form.handleSubmit(submit)} noValidate className="space-y-4">
            <fieldset disabled={save.isPending} className="min-w-0 space-y-4">
              <AddressFields register={(name) => form.register(name)} errors={errors} />
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="City" error={errors.city?.message}>
                  {(p) => <Input {...p} {...form.register('city')} autoComplete="address-level2" />}
                </Field>
                <Field label="State" error={errors.state?.message}>
                  {(p) => <StateSelect {...p} {...form.register('state')} />}
                </Field>
              </div>
              <details
                className="rounded-lg border border-slate-200 p-3"
                open={isRefining || Boolean(errors.lat || errors.lng)}
                onToggle={(e) => setIsRefining(e.currentTarget.open)}
              >
                <summary className="min-h-11 cursor-pointer content-center text-sm font-medium text-slate-900">
                  Refine the point on the map (optional)
                </summary>
                <p className="mt-2 text-sm text-slate-700">
                  {hasMap
                    ? 'Drag the pin to your door, or type its latitude and longitude. Without them, customers are guided to the centre of your ZIP code.'
                    : 'Without them, customers are guided to the centre of your ZIP code. Copy your door’s latitude and longitude from any map.'}
                </p>
                {hasMap &&
                  isRefining &&
                  (pinAt ? (
                    <MapView
                      point={pinAt}
                      label="Map of your business's point"
                      pinLabel="Your business: drag to its door"
                      onMove={dropPin}
                      className="mt-3 h-64"
                    />
                  ) : (
                    <p className="mt-2 text-sm text-slate-700">Save the address first: its pin then starts at your ZIP code’s centre.</p>
                  ))}
                <div className="mt-3 grid gap-4 sm:grid-cols-2">
                  <Field label="Latitude" error={errors.lat?.message}>
                    {(p) => <Input {...p} {...form.register('lat')} inputMode="decimal" placeholder="41.8789" />}
                  </Field>
                  <Field label="Longitude" error={errors.lng?.message}>
                    {(p) => <Input {...p} {...form.register('lng')} inputMode="decimal" placeholder="-87.6359" />}
                  </Field>
                </div>
              </details>
              <div className="flex flex-wrap gap-2">
                <Button type="submit">{save.isPending ? 'Saving...' : 'Save Address'}</Button>
                {place && (
                  <Button variant="ghost" onClick={() => setIsEditing(false)}>
                    Cancel
                  </Button>
                )}
              </div>
            </fieldset>
          </form>
        ) : (
          place && (
            <p className="text-sm text-slate-900">
              {addressLine(place)}
              <span className="block text-slate-700">
                Point: {place.lat.toFixed(5)}, {place.lng.toFixed(5)}
              </span>
            </p>
          )
        )}
      </CardContent>
    </Card>
  );
}
