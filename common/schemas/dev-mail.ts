import { z } from 'zod';
import { emailText } from './text.js';

/** GET /api/dev/outbox?to= and /dev/mail?to=: an optional recipient filter, one bounded line (decision 0007). */
export const outboxQuerySchema = z.object({ to: emailText().optional() });
