import { ListingForm } from '@client/features/listing/components/listing-form';
import { useUnsavedChangesGuard } from '@client/features/listing/components/unsaved-changes-guard';

/** Edit on a listing card: the listing form, in place of the list, until it is closed or saved. */
export function MyTicketsListingEditor({ ticketId, close }: { ticketId: number; close: () => void }) {
  const unsaved = useUnsavedChangesGuard();
  return (
    <>
      <ListingForm ticketId={ticketId} onClose={close} onCreated={close} onDirtyChange={unsaved.setDirty} />
      {unsaved.dialog}
    </>
  );
}
