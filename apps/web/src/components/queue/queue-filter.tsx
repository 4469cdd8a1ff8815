import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';

interface QueueFilterProps<Value extends string> {
  label: string;
  value: Value;
  options: readonly { value: Value; label: string }[];
  onChange: (value: Value) => void;
  testId: string;
}

/** A queue's status filter: one choice from a fixed list. */
export function QueueFilter<Value extends string>({
  label,
  value,
  options,
  onChange,
  testId,
}: QueueFilterProps<Value>) {
  return (
    <TextField
      select
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value as Value)}
      sx={{ minWidth: 220 }}
      slotProps={{ htmlInput: { 'data-testid': testId } }}
    >
      {options.map((option) => (
        <MenuItem key={option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
