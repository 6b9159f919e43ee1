import type { ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { MutedText, PageTitle } from './surface';

const StyledPage = styled.section`
  padding: ${({ theme }) => theme.space(4)};
  @media (min-width: ${({ theme }) => theme.breakpoints.md}) {
    padding: ${({ theme }) => theme.space(6)};
  }
`;

const StyledHeader = styled.header`
  display: flex;
  flex-wrap: wrap;
  align-items: flex-start;
  justify-content: space-between;
  gap: ${({ theme }) => theme.space(3)};
  margin-bottom: ${({ theme }) => theme.space(5)};
  h1 { margin-bottom: ${({ theme }) => theme.space(1)}; }
  > div:first-child { flex: 1 1 16rem; min-width: 0; }
`;

const StyledActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(2)};
`;

export interface PageLayoutProps {
  title: string;
  description: string;
  /** Buttons beside the title; they wrap under it on narrow screens. */
  actions?: ReactNode;
  children: ReactNode;
  /** Lets a page move focus to its title, e.g. after the element that had focus was removed. */
  headingRef?: Ref<HTMLHeadingElement>;
}

/** The frame of a staff page: the one h1, a line on what the page is for, then its content. */
export function PageLayout({ title, description, actions, children, headingRef }: PageLayoutProps) {
  return (
    <StyledPage>
      <StyledHeader>
        <div>
          <PageTitle ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
            {title}
          </PageTitle>
          <MutedText>{description}</MutedText>
        </div>
        {actions && <StyledActions>{actions}</StyledActions>}
      </StyledHeader>
      {children}
    </StyledPage>
  );
}
