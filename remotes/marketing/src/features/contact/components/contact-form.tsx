import { useId, useRef, type ChangeEvent, type FormEvent } from 'react';
import styled from 'styled-components';
import { Button, SelectField, Spinner, TextAreaField, TextField } from '@app/shared';
import { CONTACT_LIMITS } from '@app/shared/contracts/constants';
import { services } from '../../../content/services';
import type { ContactValues } from '../contact-values';
import { useContactForm } from '../hooks/use-contact-form';

const StyledForm = styled.form`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  textarea { min-height: 9rem; }
  /* Focus moves to the first invalid field; keep it and its label clear of the sticky header. */
  input, select, textarea { scroll-margin-top: calc(${({ theme }) => theme.layout.headerHeight} + 3rem); }
`;

const StyledPair = styled.div`
  display: grid;
  gap: ${({ theme }) => theme.space(4)};
  @media (min-width: 560px) {
    grid-template-columns: 1fr 1fr;
  }
`;

const StyledNote = styled.p`
  margin: 0;
  font-size: 0.875rem;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const StyledRequired = styled.span`
  color: ${({ theme }) => theme.colors.danger};
`;

// Off-screen rather than display:none: some bots skip fields that are not rendered.
const StyledTrap = styled.div`
  position: absolute;
  left: -10000px;
  width: 1px;
  height: 1px;
  overflow: hidden;
`;

const StyledSubmit = styled(Button)`
  justify-self: start;
  min-height: 3rem;
  padding: 0 ${({ theme }) => theme.space(8)};
  @media (max-width: 559px) {
    justify-self: stretch;
  }
`;

function Required() {
  return (
    <>
      {' '}
      <StyledRequired aria-hidden="true">*</StyledRequired>
    </>
  );
}

export function ContactForm() {
  const { values, errors, change, prepare, submit, isSending } = useContactForm();
  const formRef = useRef<HTMLFormElement>(null);
  const trapId = useId();

  const bind = (field: keyof ContactValues) => ({
    name: field,
    value: values[field],
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => change(field, event.target.value),
  });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const invalid = await submit();
    if (invalid) (formRef.current?.elements.namedItem(invalid) as HTMLElement | null)?.focus();
  };

  return (
    <StyledForm ref={formRef} noValidate onSubmit={(event) => void onSubmit(event)} onFocus={prepare} aria-busy={isSending} aria-label="Contact form">
      <StyledNote>
        Fields marked <StyledRequired aria-hidden="true">*</StyledRequired>
        <span className="visually-hidden">with an asterisk</span> are required.
      </StyledNote>
      <StyledPair>
        <TextField
          label={
            <>
              First name
              <Required />
            </>
          }
          autoComplete="given-name"
          aria-required="true"
          maxLength={CONTACT_LIMITS.firstName}
          error={errors.firstName}
          {...bind('firstName')}
        />
        <TextField
          label={
            <>
              Last name
              <Required />
            </>
          }
          autoComplete="family-name"
          aria-required="true"
          maxLength={CONTACT_LIMITS.lastName}
          error={errors.lastName}
          {...bind('lastName')}
        />
      </StyledPair>
      <StyledPair>
        <TextField
          label={
            <>
              Email
              <Required />
            </>
          }
          type="email"
          autoComplete="email"
          aria-required="true"
          maxLength={CONTACT_LIMITS.email}
          error={errors.email}
          {...bind('email')}
        />
        <TextField label="Company" autoComplete="organization" maxLength={CONTACT_LIMITS.company} error={errors.company} {...bind('company')} />
      </StyledPair>
      <SelectField label="Service" error={errors.service} {...bind('service')}>
        <option value="">Not sure yet</option>
        {services.map((service) => (
          <option key={service.id} value={service.id}>
            {service.label}
          </option>
        ))}
      </SelectField>
      <TextAreaField
        label={
          <>
            Message
            <Required />
          </>
        }
        aria-required="true"
        maxLength={CONTACT_LIMITS.message}
        rows={6}
        error={errors.message}
        {...bind('message')}
      />
      <StyledTrap aria-hidden="true">
        <label htmlFor={trapId}>Leave this field empty</label>
        <input id={trapId} type="text" tabIndex={-1} autoComplete="off" {...bind('website')} />
      </StyledTrap>
      <StyledSubmit type="submit" disabled={isSending}>
        {isSending ? (
          <>
            <Spinner aria-hidden="true" />
            Sending...
          </>
        ) : (
          'Send message'
        )}
      </StyledSubmit>
    </StyledForm>
  );
}
