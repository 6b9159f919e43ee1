import { useEffect, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { EmptyState, ErrorPanel, errorMessage, MutedText, refusalDetail, SelectField, Skeleton, toast } from '@app/shared';
import { CardGrid } from '@app/shared/ui/card-layout';
import { Pager } from '@app/shared/ui/pager';
import { SearchField } from '@app/shared/ui/search-field';
import { useDebouncedValue } from '@app/shared/hooks/use-debounced-value';
import { ConfirmDialog } from '@app/shared/staff';
import { maxLengthOf, PAGE_SIZE, productListQuerySchema, type Product, type ProductStatus } from '@app/shared/forms';
import { useProducts } from '../../../api/get-products';
import { usePage } from '../../../hooks/use-page';
import { useDeleteProduct } from '../api/delete-product';
import { useUpdateProduct } from '../api/update-product';
import { ProductCard, type ProductAction } from './product-card';
import { ProductFormDialog } from './product-form-dialog';
import { ListFilter as StyledFilter, ListToolbar as StyledToolbar } from '../../../components/list-toolbar';

const StyledCount = styled(MutedText)`
  margin-bottom: ${({ theme }) => theme.space(3)};
`;

const SEARCH_MAX = maxLengthOf(productListQuerySchema.shape.q);
const STATUS_LABELS: Record<ProductStatus, string> = { active: 'Active', archived: 'Archived', all: 'Active and archived' };

/** Which dialog is open: the form (a new product, or one to edit) or the question before deleting. */
type Open = { kind: 'form'; product?: Product } | { kind: 'delete'; product: Product } | null;

export interface ProductCatalogueProps {
  tenantId: string;
  currency: string;
  defaultTaxRate: number;
  /** Whether the user may change the catalogue; everyone in the tenant reads it. */
  mayChange: boolean;
  /** Set by the page's Add Product button. */
  adding: boolean;
  onAddingDone: () => void;
}

/** The tenant's products and services: search, the active or archived ones, and (for those allowed) add, edit, archive and delete. */
export function ProductCatalogue({ tenantId, currency, defaultTaxRate, mayChange, adding, onAddingDone }: ProductCatalogueProps) {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search).trim();
  const [status, setStatus] = useState<ProductStatus>('active');
  const [page, setPage] = usePage(JSON.stringify([q, status]));
  const query = useProducts(tenantId, { q, status, page, limit: PAGE_SIZE });
  const update = useUpdateProduct(tenantId);
  const remove = useDeleteProduct(tenantId);
  const [open, setOpen] = useState<Open>(null);
  const rows = query.data?.products ?? [];
  const total = query.data?.pagination.total ?? 0;

  useEffect(() => {
    if (adding) setOpen({ kind: 'form' });
  }, [adding]);
  const close = () => {
    setOpen(null);
    onAddingDone();
  };

  // Archiving the last card of a later page would leave an empty page behind.
  useEffect(() => {
    if (query.data && !query.isPlaceholderData && rows.length === 0 && page > 1) setPage(page - 1);
  }, [query.data, query.isPlaceholderData, rows.length, page, setPage]);

  const failed = (what: string) => (failure: unknown) => toast({ title: 'Error', description: errorMessage(failure, what), variant: 'destructive' });
  const act = (action: ProductAction, product: Product) => {
    if (action === 'edit') setOpen({ kind: 'form', product });
    else if (action === 'delete') setOpen({ kind: 'delete', product });
    else
      update.mutate(
        { id: product.id, body: { archived: action === 'archive' } },
        {
          onSuccess: () =>
            toast({
              title: action === 'archive' ? 'Product archived' : 'Product restored',
              description:
                action === 'archive'
                  ? `${product.name} is no longer offered on new quotation lines. Quotations made with it keep their lines.`
                  : `${product.name} is offered on quotation lines again.`,
              variant: 'success',
            }),
          onError: failed(action === 'archive' ? 'Failed to archive the product' : 'Failed to restore the product'),
        },
      );
  };
  const confirmDelete = (product: Product) =>
    remove.mutate(product.id, {
      onSuccess: () => toast({ title: 'Product deleted', description: `${product.name} has been deleted.`, variant: 'success' }),
      onError: failed('Failed to delete the product'),
      onSettled: () => setOpen(null),
    });

  const refused = query.isError ? refusalDetail(query.error) : undefined;
  let list: ReactNode;
  if (refused) list = null;
  else if (query.isPending) list = <Skeleton $height="8rem" role="status" aria-label="Loading products..." />;
  else if (query.isError)
    list = (
      <ErrorPanel
        title="Failed to load products"
        message={errorMessage(query.error, 'The catalogue could not be loaded.')}
        onRetry={() => void query.refetch()}
      />
    );
  else if (rows.length === 0)
    list =
      q || status !== 'active' ? (
        <EmptyState title="No products found" hint="Try adjusting your search or filter criteria" />
      ) : (
        <EmptyState
          title="No products yet"
          hint={
            mayChange
              ? 'Add the products and services you sell: a quotation line picks one and copies its name, unit and price.'
              : 'An admin adds the products and services your quotation lines pick from.'
          }
        />
      );
  else
    list = (
      <CardGrid aria-label="Products and services" aria-busy={query.isFetching}>
        {rows.map((product) => (
          <li key={product.id}>
            <ProductCard product={product} currency={currency} onAction={mayChange ? act : undefined} />
          </li>
        ))}
      </CardGrid>
    );

  return (
    <>
      <StyledToolbar>
        <SearchField
          label="Search products"
          placeholder="Search by name or description..."
          value={search}
          maxLength={SEARCH_MAX}
          error={refused}
          onChange={(event) => setSearch(event.target.value)}
        />
        <StyledFilter>
          <SelectField label="Show" value={status} onChange={(event) => setStatus(event.target.value as ProductStatus)}>
            {(Object.keys(STATUS_LABELS) as ProductStatus[]).map((value) => (
              <option key={value} value={value}>
                {STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
        </StyledFilter>
      </StyledToolbar>
      {query.data && rows.length > 0 && (
        <StyledCount role="status">
          Showing {rows.length} of {total} {total === 1 ? 'product' : 'products'}
        </StyledCount>
      )}
      {list}
      {query.data && <Pager label="Product pages" page={page} total={total} limit={PAGE_SIZE} onPageChange={setPage} disabled={query.isFetching} />}
      {open?.kind === 'form' && (
        <ProductFormDialog tenantId={tenantId} currency={currency} defaultTaxRate={defaultTaxRate} product={open.product} onDismiss={close} />
      )}
      {open?.kind === 'delete' && (
        <ConfirmDialog
          isOpen
          title={`Delete ${open.product.name}?`}
          message="It leaves the catalogue for good. Quotations made with it keep their lines. To stop offering it but keep it, archive it instead."
          busy={remove.isPending}
          onConfirm={() => confirmDelete(open.product)}
          onCancel={() => setOpen(null)}
        />
      )}
    </>
  );
}
