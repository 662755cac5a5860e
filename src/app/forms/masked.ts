import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * Wraps a react-hook-form registration so the typed text is masked before the form reads it.
 * The caret jumps to the end on edits in the middle — acceptable for short documents and phones.
 */
export function masked<T extends string>(
  registration: UseFormRegisterReturn<T>,
  mask: (value: string) => string,
): UseFormRegisterReturn<T> {
  return {
    ...registration,
    onChange: (event) => {
      const input = event.target as HTMLInputElement;
      input.value = mask(input.value);
      return registration.onChange(event);
    },
  };
}
