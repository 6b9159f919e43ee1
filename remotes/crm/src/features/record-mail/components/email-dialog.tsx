import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { Button, errorMessage, MutedText, refusalDetail, SelectField, TextAreaField, TextField, toast } from '@app/shared';
import { CheckboxField } from '@app/shared/ui/checkbox-field';
import { Dialog, DialogCancel, DialogFooter } from '@app/shared/staff';
import { MERGE_FIELDS, maxLengthOf, sendRecordMailSchema, type RecordMail } from '@app/shared/forms';
import { StyledFormError, StyledFormStack } from '../../../components/layout';
import { useMailOptions } from '../api/get-mail-options';
import { useMailTemplates } from '../api/get-mail-templates';
import type { MailRecordKind } from '../api/get-record-mails';
import { usePreviewMailTemplate } from '../api/preview-mail-template';
import { useSendRecordMail } from '../api/send-record-mail';

const SUBJECT_MAX = maxLengthOf(sendRecordMailSchema.shape.subject);
const BODY_MAX = maxLengthOf(sendRecordMailSchema.shape.body);
type Field = 'account_id' | 'to' | 'subject' | 'body' | 'template';
type Errors = Partial<Record<Field | 'form', string>>;

/** The field a refusal names (`subject: …`), else the form. */
function fieldOf(detail: string): Field | 'form' {
  const name = /^(\w+)(?:\.\d+)?: /.exec(detail)?.[1];
  return name === 'account_id' || name === 'to' || name === 'subject' || name === 'body' ? name : 'form';
}

export interface EmailDialogProps {
  tenantId: string;
  kind: MailRecordKind;
  id: string;
  name: string;
  /** A mail of the record this one answers. */
  replyTo?: RecordMail | null;
  onDismiss: () => void;
}

/**
 * Email to a prospect or lead: to its addresses, from one of the user's connected mailboxes, free
 * text or a template filled on this record (the preview is the text, which stays editable).
 */
export function EmailDialog({ tenantId, kind, id, name, replyTo, onDismiss }: EmailDialogProps) {
  const options = useMailOptions(tenantId, kind, id);
  const templates = useMailTemplates(tenantId);
  const preview = usePreviewMailTemplate();
  const send = useSendRecordMail(tenantId, kind, id);
  const [accountId, setAccountId] = useState('');
  const [to, setTo] = useState<string[] | null>(null);
  const [templateId, setTemplateId] = useState('');
  const [subject, setSubject] = useState(replyTo ? (/^re:/i.test(replyTo.subject) ? replyTo.subject : `Re: ${replyTo.subject}`) : '');
  const [body, setBody] = useState('');
  const [missing, setMissing] = useState<string[]>([]);
  const [errors, setErrors] = useState<Errors>({});

  const mailboxes = useMemo(() => options.data?.mailboxes ?? [], [options.data]);
  const addresses = useMemo(() => options.data?.addresses ?? [], [options.data]);
  const chosenAccount = accountId || mailboxes[0]?.id || '';
  // Every address of the record to begin with; a reply to the one who wrote, when it is one of them.
  useEffect(() => {
    if (to === null && options.data) {
      const replying = replyTo && addresses.includes(replyTo.from.address) ? [replyTo.from.address] : null;
      setTo(replying ?? addresses);
    }
  }, [to, options.data, addresses, replyTo]);

  const applyTemplate = (next: string) => {
    setTemplateId(next);
    setErrors({});
    setMissing([]);
    const template = templates.data?.templates.find((candidate) => candidate.id === next);
    if (!template) return;
    preview.mutate(
      {
        record_type: kind === 'prospects' ? 'prospect' : 'lead',
        record_id: id,
        account_id: chosenAccount || null,
        subject: template.subject,
        body: template.body,
      },
      {
        onSuccess: (filled) => {
          if (!replyTo) setSubject(filled.subject);
          setBody(filled.body);
          setMissing(filled.missing);
        },
        onError: (error) => setErrors({ template: errorMessage(error, 'The template could not be filled on this record.') }),
      },
    );
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = { account_id: chosenAccount, to: to ?? [], subject, body, template_id: templateId || null, in_reply_to: replyTo?.id ?? null };
    const checked = sendRecordMailSchema.safeParse(input);
    if (!checked.success) {
      const next: Errors = {};
      for (const issue of checked.error.issues) {
        const field = fieldOf(issue.message) === 'form' ? (String(issue.path[0]) as Field) : fieldOf(issue.message);
        if (!next[field]) next[field] = issue.message.replace(/^\w+(\.\d+)?: /, '');
      }
      setErrors(next);
      return;
    }
    send.mutate(input, {
      onSuccess: (mail) => {
        toast({ title: 'Email queued', description: `It goes out from ${mail.from.address} in a moment.`, variant: 'success' });
        onDismiss();
      },
      onError: (error) => {
        const detail = refusalDetail(error);
        if (detail) setErrors({ [fieldOf(detail)]: detail.replace(/^\w+(\.\d+)?: /, '') });
        else setErrors({ form: errorMessage(error, 'The email could not be sent. Please try again.') });
      },
    });
  };

  const noMailbox = options.isSuccess && mailboxes.length === 0;
  const noAddress = options.isSuccess && addresses.length === 0;
  return (
    <Dialog
      isOpen
      onDismiss={onDismiss}
      title={replyTo ? 'Reply' : 'Email'}
      description={name}
      width="40rem"
      dirty={subject.trim() !== '' || body.trim() !== ''}
    >
      <StyledFormStack onSubmit={submit} noValidate>
        {options.isPending && <MutedText>Loading your mailboxes...</MutedText>}
        {options.isError && <StyledFormError role="alert">{errorMessage(options.error, 'Could not load your mailboxes.')}</StyledFormError>}
        {noMailbox && (
          <MutedText role="status">
            You have no connected mailbox to send from. Add one and check its connection on the <Link to="/email">Email</Link> page.
          </MutedText>
        )}
        {noAddress && <MutedText role="status">This record has no email address. Add one to its details first.</MutedText>}
        {mailboxes.length > 0 && (
          <SelectField label="From" value={chosenAccount} error={errors.account_id} onChange={(event) => setAccountId(event.target.value)}>
            {mailboxes.map((mailbox) => (
              <option key={mailbox.id} value={mailbox.id}>
                {mailbox.email_address}
              </option>
            ))}
          </SelectField>
        )}
        {addresses.length > 0 && (
          <fieldset>
            <legend>To</legend>
            {addresses.map((address) => (
              <CheckboxField
                key={address}
                label={address}
                checked={(to ?? []).includes(address)}
                onChange={(event) => setTo(event.target.checked ? [...(to ?? []), address] : (to ?? []).filter((a) => a !== address))}
              />
            ))}
            {errors.to && <StyledFormError role="alert">{errors.to}</StyledFormError>}
          </fieldset>
        )}
        <SelectField
          label="Template"
          value={templateId}
          error={errors.template}
          hint={`Fills ${MERGE_FIELDS.map((field) => `{{${field}}}`).join(', ')} on this record; the text stays editable.`}
          onChange={(event) => applyTemplate(event.target.value)}
          disabled={preview.isPending}
        >
          <option value="">No template (free text)</option>
          {(templates.data?.templates ?? []).map((template) => (
            <option key={template.id} value={template.id}>
              {template.name}
            </option>
          ))}
        </SelectField>
        {missing.length > 0 && (
          <MutedText role="status">No value on this record for {missing.map((field) => `{{${field}}}`).join(', ')}: left empty in the text.</MutedText>
        )}
        <TextField label="Subject" value={subject} maxLength={SUBJECT_MAX} error={errors.subject} onChange={(event) => setSubject(event.target.value)} />
        <TextAreaField label="Message" rows={10} value={body} maxLength={BODY_MAX} error={errors.body} onChange={(event) => setBody(event.target.value)} />
        {errors.form && <StyledFormError role="alert">{errors.form}</StyledFormError>}
        <DialogFooter>
          <DialogCancel />
          <Button type="submit" disabled={send.isPending || noMailbox || noAddress}>
            {send.isPending ? 'Sending...' : 'Send'}
          </Button>
        </DialogFooter>
      </StyledFormStack>
    </Dialog>
  );
}
