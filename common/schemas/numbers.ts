import { z } from 'zod';

/** A JSON number, refused with `required` when it is missing and with `invalid` when it is not a number. */
export const jsonNumber = (required: string, invalid: string) =>
  z.number({ error: (issue) => (issue.input === undefined || issue.input === null ? required : invalid) });

/** Dollars with at most two decimals (a float's rounding allowed for): a whole number of cents. */
export const isWholeCents = (dollars: number) => Math.abs(dollars * 100 - Math.round(dollars * 100)) < 1e-6;
