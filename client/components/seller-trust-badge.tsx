import { Badge } from '@client/components/ui/badge';
import type { SellerTrust } from '@common/schemas/identity';
import { SELLER_TRUST_TEXT } from '@common/texts/verified-sellers';
import { BadgeCheck, Briefcase } from 'lucide-react';

/**
 * What buyers are told about a seller beside a listing (issue 44 item 4, decision 0086): "Verified seller"
 * when they verified their identity, "Professional seller" when they sell often, and their completed sales.
 * One component for the marketplace cards, the event page's rows and the ticket dialog.
 */
export function SellerTrustBadge({ trust }: { trust: SellerTrust }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-1" data-testid="seller-trust">
      {trust.verified ? (
        <Badge variant="success">
          <BadgeCheck aria-hidden className="size-3.5" />
          {SELLER_TRUST_TEXT.verified}
        </Badge>
      ) : null}
      {trust.professional ? (
        <Badge variant="info" title={SELLER_TRUST_TEXT.professionalHint}>
          <Briefcase aria-hidden className="size-3.5" />
          {SELLER_TRUST_TEXT.professional}
        </Badge>
      ) : null}
      <span className="text-xs text-muted-foreground">
        {SELLER_TRUST_TEXT.completedSales(trust.completedSales)}
      </span>
    </span>
  );
}
