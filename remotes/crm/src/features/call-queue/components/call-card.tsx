import { Fragment, type ReactNode } from 'react';
import styled from 'styled-components';
import { Badge, Card, MutedText } from '@app/shared';
import { ProgressBar } from '@app/shared/ui/progress-bar';
import { formatDate, formatDateTimeLong } from '@app/shared/staff';
import { type CallCard as CallCardData } from '@app/shared/forms';
import { PhoneNumber } from '../../../components/phone-number';

const StyledCard = styled(Card)`
  padding: ${({ theme }) => theme.space(5)};
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  h2 { margin: 0; font-size: 1.6rem; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: ${({ theme }) => theme.space(1)} ${({ theme }) => theme.space(4)}; margin: 0; }
  dt { color: ${({ theme }) => theme.colors.textMuted}; }
  dd { margin: 0; overflow-wrap: anywhere; }
`;

const StyledPhones = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.space(3)};
  a { font-size: 1.25rem; font-weight: 600; color: ${({ theme }) => theme.colors.primary}; }
`;

const StyledHistory = styled.ol`
  margin: 0;
  padding-left: ${({ theme }) => theme.space(5)};
  li { margin-bottom: ${({ theme }) => theme.space(1)}; }
`;

/** The prospect of the call, with what the caller needs to talk and the day's progress (callsToday: the latest count, newer than a card claimed ahead). */
export function CallCard({ card, callsToday, actions }: { card: CallCardData; callsToday: number; actions?: ReactNode }) {
  const { prospect, goal } = card;
  const phones = (
    [
      [prospect.phone1, prospect.phone1_e164, prospect.phone1_shown],
      [prospect.phone2, prospect.phone2_e164, prospect.phone2_shown],
      [prospect.phone3, prospect.phone3_e164, prospect.phone3_shown],
    ] as const
  ).filter(([text]) => Boolean(text));
  const details: Array<[string, string | null]> = [
    ['Email', prospect.email],
    ['City', prospect.city],
    ['Industry', prospect.industry],
    ['Website', prospect.website],
    ['Status', prospect.status_name],
    ['Last contacted', prospect.last_contacted ? formatDateTimeLong(prospect.last_contacted) : 'Never'],
  ];
  return (
    <StyledCard as="article" aria-labelledby="call-card-name">
      <div>
        {card.callback && <Badge $tone="warning">Callback due {formatDateTimeLong(card.callback.due_at)}</Badge>}
        <h2 id="call-card-name" tabIndex={-1}>
          {prospect.name}
        </h2>
      </div>
      <StyledPhones aria-label="Phones">
        {phones.map(([text, e164, shown], index) => (
          <li key={`${text}-${index}`}>
            <PhoneNumber text={text} e164={e164} shown={shown} />
            {index === 0 && <MutedText as="span"> (primary)</MutedText>}
          </li>
        ))}
      </StyledPhones>
      {actions}
      <dl>
        {details.map(([label, value]) =>
          value ? (
            <Fragment key={label}>
              <dt>{label}</dt>
              <dd>
                {label === 'Website' ? (
                  <a href={value.startsWith('http') ? value : `https://${value}`} target="_blank" rel="noreferrer">
                    {value}
                  </a>
                ) : (
                  value
                )}
              </dd>
            </Fragment>
          ) : null,
        )}
      </dl>
      {prospect.description && <p>{prospect.description}</p>}
      <section aria-label="Recent activity">
        <h3>Recent activity</h3>
        {card.activities.length === 0 ? (
          <MutedText>No activity yet.</MutedText>
        ) : (
          <StyledHistory>
            {card.activities.map((activity) => (
              <li key={activity.id}>
                {activity.summary} · {formatDate(activity.created_at)}
                {activity.user_name ? ` · ${activity.user_name}` : ''}
                {activity.notes ? ` — ${activity.notes}` : ''}
              </li>
            ))}
          </StyledHistory>
        )}
      </section>
      {goal ? (
        <>
          <ProgressBar
            value={Math.min(100, (callsToday / goal.target_count) * 100)}
            label={`${goal.name}: today's calls`}
            valueText={`${callsToday} of ${goal.target_count} calls today`}
          />
          <MutedText>
            {goal.name}: {callsToday} of {goal.target_count} calls today
          </MutedText>
        </>
      ) : (
        <MutedText>No goal: your calls count for you, on no goal.</MutedText>
      )}
    </StyledCard>
  );
}
