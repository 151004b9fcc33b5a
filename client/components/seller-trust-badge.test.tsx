import { SELLER_TRUST_TEXT } from '@common/texts/verified-sellers';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SellerTrustBadge } from './seller-trust-badge';

describe('SellerTrustBadge', () => {
  it('says verified, professional and the completed sales', () => {
    render(<SellerTrustBadge trust={{ verified: true, completedSales: 31, professional: true }} />);
    expect(screen.getByText(SELLER_TRUST_TEXT.verified)).toBeTruthy();
    expect(screen.getByText(SELLER_TRUST_TEXT.professional)).toBeTruthy();
    expect(screen.getByText('31 completed sales')).toBeTruthy();
  });

  it('says only the completed sales of a seller who is neither', () => {
    render(<SellerTrustBadge trust={{ verified: false, completedSales: 1, professional: false }} />);
    expect(screen.queryByText(SELLER_TRUST_TEXT.verified)).toBeNull();
    expect(screen.queryByText(SELLER_TRUST_TEXT.professional)).toBeNull();
    expect(screen.getByText('1 completed sale')).toBeTruthy();
  });
});
