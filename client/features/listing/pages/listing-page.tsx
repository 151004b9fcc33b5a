import { useNavigate, useSearchParams } from 'react-router';
import { ListingForm } from '../components/listing-form';
import { useUnsavedChangesGuard } from '../components/unsaved-changes-guard';

/** The ticket id of '/listing?edit={id}', or null for a new listing. */
function editedTicketId(value: string | null): number | null {
  return value !== null && /^\d+$/.test(value) ? Number(value) : null;
}

/** /listing lists a ticket; /listing?edit={id} edits one of the seller's listings. */
export function ListingPage() {
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const ticketId = editedTicketId(searchParams.get('edit'));
  const unsaved = useUnsavedChangesGuard();

  function close() {
    // react-router keeps the history index in history.state: go back when there is somewhere to go.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) void navigate(-1);
    else void navigate('/');
  }

  return (
    <div className="bg-stage flex-1">
      <ListingForm
        key={ticketId ?? 'new'}
        ticketId={ticketId}
        onClose={close}
        onCreated={(prompt) => void navigate(prompt === 'none' ? '/' : `/verify-identity?after=${prompt}`)}
        onDirtyChange={unsaved.setDirty}
      />
      {unsaved.dialog}
    </div>
  );
}
