import type { ShareMode } from '@shared/domain/sharing/sharing';
import { Input } from '../../components/ui/Input';
import { Select } from '../../components/ui/Select';
import { modeOptions } from './sharingText';

/** Split and value: the mode select, and the percentage or amount field for percent and fixed. */
export function ShareFields({
  idPrefix,
  mode,
  value,
  currency,
  error,
  onMode,
  onValue,
}: {
  idPrefix: string;
  mode: ShareMode;
  value: string;
  currency: string;
  error: string | null;
  onMode: (mode: ShareMode) => void;
  onValue: (value: string) => void;
}) {
  return (
    <>
      <Select
        id={`${idPrefix}-mode`}
        label="Split"
        options={modeOptions}
        value={mode}
        error={mode === 'equal' ? error : null}
        onChange={(event) => onMode(event.target.value as ShareMode)}
      />
      {mode !== 'equal' && (
        <Input
          id={`${idPrefix}-value`}
          label={mode === 'percent' ? 'Percentage' : `Amount (${currency})`}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          error={error}
          onChange={(event) => onValue(event.target.value)}
        />
      )}
    </>
  );
}
