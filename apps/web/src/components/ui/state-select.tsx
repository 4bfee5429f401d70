import { forwardRef, type SelectHTMLAttributes } from 'react';
import { US_STATE_NAMES } from '@localperks/shared';
import { Select } from './input';

/** A US state picker (values are the two-letter codes) with an empty first choice; use inside `Field`. */
export const StateSelect = forwardRef<HTMLSelectElement, SelectHTMLAttributes<HTMLSelectElement>>((props, ref) => (
  <Select ref={ref} autoComplete="address-level1" {...props}>
    <option value="">Select a state…</option>
    {Object.entries(US_STATE_NAMES).map(([code, name]) => (
      <option key={code} value={code}>
        {name}
      </option>
    ))}
  </Select>
));
StateSelect.displayName = 'StateSelect';
