import { Link } from 'react-router';
import styled from 'styled-components';
import { siteConfig, whatsappLink } from '@app/shared';
import { Container } from './container';

const StyledFooter = styled.footer`
  background: ${({ theme }) => theme.colors.surface};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  padding: ${({ theme }) => theme.space(12)} 0 ${({ theme }) => theme.space(6)};
  font-size: 0.95rem;
  h2 {
    font-size: 0.8rem;
    letter-spacing: 0.08em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
    margin-bottom: ${({ theme }) => theme.space(3)};
  }
  ul { list-style: none; margin: 0; padding: 0; display: grid; gap: ${({ theme }) => theme.space(2)}; }
  a { color: ${({ theme }) => theme.colors.text}; text-underline-offset: 3px; }
  a:hover { color: ${({ theme }) => theme.colors.primary}; }
  address { font-style: normal; }
`;

const StyledGrid = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(8)};
  grid-template-columns: repeat(auto-fit, minmax(13rem, 1fr));
`;

const StyledBrand = styled.p`
  margin: 0 0 ${({ theme }) => theme.space(2)};
  font-size: 1.15rem;
  font-weight: 800;
`;

const StyledMuted = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledBottom = styled.p`
  margin: ${({ theme }) => theme.space(10)} 0 0;
  padding-top: ${({ theme }) => theme.space(6)};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: 0.875rem;
`;

const pageLinks = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/products', label: 'Products' },
  { to: '/payofina', label: `${siteConfig.product.name} pricing` },
  { to: '/about', label: 'About' },
  { to: '/contact', label: 'Contact' },
];

export function SiteFooter() {
  const { brand, tagline, email, phone, address, hours, product } = siteConfig;
  return (
    <StyledFooter>
      <Container>
        <StyledGrid>
          <div>
            <StyledBrand>{brand}</StyledBrand>
            <StyledMuted>{tagline}.</StyledMuted>
          </div>
          <nav aria-label="Footer">
            <h2>Explore</h2>
            <ul>
              {pageLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
              <li>
                <a href={product.url} target="_blank" rel="noopener noreferrer">
                  {product.name} website<span className="visually-hidden"> (opens in a new tab)</span>
                </a>
              </li>
            </ul>
          </nav>
          <div>
            <h2>Contact</h2>
            <address>
              <ul>
                <li>
                  <a href={`mailto:${email}`}>{email}</a>
                </li>
                <li>
                  <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
                </li>
                <li>
                  <a href={whatsappLink(`Hello ${brand}, I have a question.`)} target="_blank" rel="noopener noreferrer">
                    WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
                  </a>
                </li>
                <li>{address}</li>
              </ul>
            </address>
          </div>
          <div>
            <h2>Opening hours</h2>
            <StyledMuted>{hours}</StyledMuted>
          </div>
        </StyledGrid>
        <StyledBottom>
          © {new Date().getFullYear()} {brand}. All rights reserved.
        </StyledBottom>
      </Container>
    </StyledFooter>
  );
}
