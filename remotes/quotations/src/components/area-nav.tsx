import { Link, useLocation } from 'react-router';
import styled from 'styled-components';

const StyledNav = styled.nav`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(1)};
  margin: -${({ theme }) => theme.space(2)} 0 ${({ theme }) => theme.space(5)};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  a {
    padding: ${({ theme }) => `${theme.space(2)} ${theme.space(4)}`};
    border-bottom: 3px solid transparent;
    color: ${({ theme }) => theme.colors.textMuted};
    font-weight: 600;
    text-decoration: none;
  }
  a:hover { color: ${({ theme }) => theme.colors.text}; }
  a[aria-current='page'] {
    color: ${({ theme }) => theme.colors.text};
    border-bottom-color: ${({ theme }) => theme.colors.primary};
  }
`;

export const CATALOGUE_PATH = '/quotations/products';

/** The quotations area's two pages: the quotations, and the catalogue of products and services their lines pick from (named as the sidebar names it). */
export function AreaNav() {
  const { pathname } = useLocation();
  const inCatalogue = pathname === CATALOGUE_PATH || pathname.startsWith(`${CATALOGUE_PATH}/`);
  return (
    <StyledNav aria-label="Quotations area">
      <Link to="/quotations" aria-current={inCatalogue ? undefined : 'page'}>
        All quotations
      </Link>
      <Link to={CATALOGUE_PATH} aria-current={inCatalogue ? 'page' : undefined}>
        Catalogue
      </Link>
    </StyledNav>
  );
}
