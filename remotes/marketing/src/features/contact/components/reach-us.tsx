import styled from 'styled-components';
import { siteConfig, whatsappLink } from '@app/shared';

const StyledReach = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(5)};
  align-content: start;
  h2, h3 { margin: 0; font-size: 1.3rem; }
  > p { margin: 0; color: ${({ theme }) => theme.colors.textMuted}; }
`;

const StyledList = styled.dl`
  margin: 0;
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  dt {
    font-size: 0.8rem;
    font-weight: 700;
    letter-spacing: 0.06em;
    text-transform: uppercase;
    color: ${({ theme }) => theme.colors.textMuted};
  }
  dd { margin: ${({ theme }) => theme.space(1)} 0 0; overflow-wrap: anywhere; }
  a { font-weight: 600; }
`;

/** The how-to-reach-us text beside the contact form. */
export function ReachUs({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const { brand, email, phone, address, hours } = siteConfig;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <StyledReach>
      <Heading>How to reach us</Heading>
      <p>Write to us with the form and we reply within one business day. Prefer to talk? Call us, send an email or message us on WhatsApp.</p>
      <StyledList>
        <div>
          <dt>Email</dt>
          <dd>
            <a href={`mailto:${email}`}>{email}</a>
          </dd>
        </div>
        <div>
          <dt>Phone</dt>
          <dd>
            <a href={`tel:${phone.replace(/\s+/g, '')}`}>{phone}</a>
          </dd>
        </div>
        <div>
          <dt>WhatsApp</dt>
          <dd>
            <a href={whatsappLink(`Hello ${brand}, I would like to talk about a project.`)} target="_blank" rel="noopener noreferrer">
              Chat with us on WhatsApp<span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </dd>
        </div>
        <div>
          <dt>Office</dt>
          <dd>{address}</dd>
        </div>
        <div>
          <dt>Hours</dt>
          <dd>{hours}</dd>
        </div>
      </StyledList>
    </StyledReach>
  );
}
