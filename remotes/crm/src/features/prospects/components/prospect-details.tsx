import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Avatar, Badge } from '@app/shared';
import { CardBadges, CardFacts } from '@app/shared/ui/card-layout';
import { formatDate } from '@app/shared/format/format';
import type { Prospect } from '@app/shared/forms';
import { PhoneNumber } from '../../../components/phone-number';
import { StageBadge } from '../../../components/stage-badge';
import { displayIndustry } from '../../../lib/company';
import { WebLink } from '../../../components/web-link';

const StyledIdentity = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(4)};
`;

// A status or stage named with one long word wraps inside the page instead of widening it.
const StyledBadges = styled(CardBadges)`
  min-width: 0;
  > * { max-width: 100%; min-width: 0; overflow-wrap: anywhere; }
`;

// One label width for all three sections, so their values line up.
const StyledSection = styled.section`
  padding: ${({ theme }) => theme.space(3)} 0;
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  h2 { font-size: 1rem; margin: 0; }
  dl { margin-top: ${({ theme }) => theme.space(2)}; grid-template-columns: minmax(0, min(9rem, 40%)) minmax(0, 1fr); }
`;

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children || 'N/A'}</dd>
    </>
  );
}

/**
 * The prospect's facts on its page. The page's h1 names it and its Timeline holds the history, so
 * the sections are the page's h2s and the dates section is not a second "Timeline".
 */
export function ProspectDetails({ prospect }: { prospect: Prospect }) {
  return (
    <>
      <StyledIdentity>
        <Avatar name={prospect.name} size="3.5rem" />
        <StyledBadges>
          <StageBadge name={prospect.pipeline_stage_name} color={prospect.pipeline_stage_color} />
          <Badge $tone={prospect.status_name ? 'info' : 'neutral'}>{prospect.status_name || 'No status'}</Badge>
        </StyledBadges>
      </StyledIdentity>
      <StyledSection aria-labelledby="prospect-contact">
        <h2 id="prospect-contact">Contact Information</h2>
        <CardFacts>
          <Fact term="Primary phone">
            {prospect.phone1 && <PhoneNumber text={prospect.phone1} e164={prospect.phone1_e164} shown={prospect.phone1_shown} />}
          </Fact>
          <Fact term="Secondary phone">
            {prospect.phone2 && <PhoneNumber text={prospect.phone2} e164={prospect.phone2_e164} shown={prospect.phone2_shown} />}
          </Fact>
          <Fact term="Tertiary phone">
            {prospect.phone3 && <PhoneNumber text={prospect.phone3} e164={prospect.phone3_e164} shown={prospect.phone3_shown} />}
          </Fact>
          <Fact term="Email">{prospect.email && <a href={`mailto:${prospect.email}`}>{prospect.email}</a>}</Fact>
          <Fact term="City">{prospect.city}</Fact>
          <Fact term="Address">{prospect.address}</Fact>
        </CardFacts>
      </StyledSection>
      <StyledSection aria-labelledby="prospect-company">
        <h2 id="prospect-company">Company Information</h2>
        <CardFacts>
          <Fact term="Description">{prospect.description}</Fact>
          <Fact term="Industry">{displayIndustry(prospect.industry)}</Fact>
          <Fact term="Manager">{prospect.manager}</Fact>
          <Fact term="Employees">{prospect.employees}</Fact>
          <Fact term="Website">{prospect.website && <WebLink text={prospect.website}>{prospect.website}</WebLink>}</Fact>
          <Fact term="Link">{prospect.anchor_href_link && <WebLink text={prospect.anchor_href_link}>View Link</WebLink>}</Fact>
          <Fact term="Founded">{prospect.founding_date}</Fact>
        </CardFacts>
      </StyledSection>
      <StyledSection aria-labelledby="prospect-dates">
        <h2 id="prospect-dates">Dates</h2>
        <CardFacts>
          <Fact term="Added">{formatDate(prospect.created_at)}</Fact>
          <Fact term="Last Contacted">{prospect.last_contacted ? formatDate(prospect.last_contacted) : 'Never'}</Fact>
        </CardFacts>
      </StyledSection>
    </>
  );
}
