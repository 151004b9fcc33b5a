import { act, render, screen, waitFor } from '@testing-library/react';
import { toast as sonner } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Dialog, DialogContent, DialogTitle } from './dialog';
import { Toaster, toast } from './toaster';

afterEach(() => {
  act(() => {
    sonner.dismiss();
  });
});

/** The same Toaster throughout, with or without an open dialog beside it. */
const screenWith = (dialogOpen: boolean) => (
  <>
    <Toaster />
    {dialogOpen ? (
      <Dialog open>
        <DialogContent aria-describedby={undefined}>
          <DialogTitle>Ticket</DialogTitle>
        </DialogContent>
      </Dialog>
    ) : null}
  </>
);

/** A toast shown `before` ms ahead of a dialog that then opens; whether it is still there after. */
async function toastThenDialog(title: string, before: number) {
  const shown = Date.now();
  const clock = vi.spyOn(Date, 'now').mockReturnValue(shown);
  const { rerender } = render(screenWith(false));
  act(() => {
    toast({ title });
  });
  expect(await screen.findByText(title)).toBeInTheDocument();
  clock.mockReturnValue(shown + before);
  rerender(screenWith(true));
  clock.mockRestore();
  expect(await screen.findByRole('dialog', { name: 'Ticket' })).toBeInTheDocument();
}

describe('toasts and dialogs', () => {
  it("a dialog opening takes away the previous screen's toast, which would sit over its title on a phone", async () => {
    await toastThenDialog('Saved on the last screen', 3_000);
    // Well before its own 5 s are up.
    await waitFor(() => expect(screen.queryByText('Saved on the last screen')).toBeNull(), {
      timeout: 1_500,
    });
  });

  it('keeps a toast the same action showed a moment before the dialog opened', async () => {
    await toastThenDialog('Hold extended', 200);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.getByText('Hold extended')).toBeInTheDocument();
  });
});
