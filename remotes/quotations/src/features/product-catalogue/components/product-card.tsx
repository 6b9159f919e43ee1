import styled from 'styled-components';
import { Avatar, Badge, Card, formatCurrency, Menu } from '@app/shared';
import { CardBadges, CardFacts, CardHeader } from '@app/shared/ui/card-layout';
import { productUnitLabel, type Product } from '@app/shared/forms';

const StyledDescription = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledWarning = styled.p`
  margin: ${({ theme }) => theme.space(3)} 0 0;
  padding: ${({ theme }) => `${theme.space(2)} ${theme.space(3)}`};
  border-radius: ${({ theme }) => theme.radii.sm};
  background: ${({ theme }) => theme.colors.warningSoft};
  font-size: 0.85rem;
`;

export type ProductAction = 'edit' | 'archive' | 'restore' | 'delete';

const ACTION_LABELS: Record<ProductAction, string> = { edit: 'Edit', archive: 'Archive', restore: 'Restore', delete: 'Delete' };

const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 2 })}%`;

export interface ProductCardProps {
  product: Product;
  /** The tenant's currency: a product priced in another one is offered to no new quotation until repriced. */
  currency: string;
  /** Absent: the user may not change the catalogue (the tenant keeps its setup for admins). */
  onAction?: (action: ProductAction, product: Product) => void;
}

/** One product or service: its price per unit and tax rate, and what can be done with it. */
export function ProductCard({ product, currency, onAction }: ProductCardProps) {
  const actions: ProductAction[] = ['edit', product.archived ? 'restore' : 'archive', 'delete'];
  return (
    <Card as="article" aria-label={product.name}>
      <CardHeader>
        <Avatar name={product.name} />
        <div>
          <h3>{product.name}</h3>
          <CardBadges>
            <Badge $tone="neutral">Per {productUnitLabel(product.unit)}</Badge>
            {product.archived && <Badge $tone="warning">Archived</Badge>}
          </CardBadges>
        </div>
        {onAction && (
          <Menu
            label={`Actions for ${product.name}`}
            items={actions.map((action) => ({
              label: ACTION_LABELS[action],
              onSelect: () => onAction(action, product),
              destructive: action === 'delete',
            }))}
          />
        )}
      </CardHeader>
      {product.description && <StyledDescription>{product.description}</StyledDescription>}
      <CardFacts>
        <dt>Price</dt>
        <dd>
          {formatCurrency(product.price, product.currency)} per {productUnitLabel(product.unit)}
        </dd>
        <dt>Tax rate</dt>
        <dd>{percent(product.tax_rate)}</dd>
      </CardFacts>
      {product.currency !== currency && (
        <StyledWarning role="note">
          Priced in {product.currency}, before the tenant's currency became {currency}: quotations in {currency} do not offer it until its price is set again.
        </StyledWarning>
      )}
    </Card>
  );
}
