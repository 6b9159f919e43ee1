import { and, asc, count, eq, isNotNull } from 'drizzle-orm';
import type { Db } from '../db/client';
import { leads, mailTemplates, prospects, recordMails, users } from '../db/schema';
import { composeMail, newMessageId } from '../modules/record-mails';

/** The demo tenant's mail templates: each merge field used at least once. */
export const DEMO_TEMPLATES = [
  {
    name: 'First contact',
    subject: 'Payroll and HR for {{company}}',
    body: 'Hello {{first_name}},\n\nthank you for taking my call. As promised, a short summary of how Payofina runs payroll and HR for teams like {{company}}: one place for contracts, time off and monthly payroll, with the reports your accountant asks for.\n\nCould we book 30 minutes next week to show it on your own numbers?\n\nBest regards,\n{{rep_name}}\n{{rep_email}}',
  },
  {
    name: 'Follow-up after no answer',
    subject: 'Following up: {{company}}',
    body: 'Hello {{first_name}},\n\nI tried to reach you by phone today. When would be a good time for a short call?\n\nBest regards,\n{{rep_name}}',
  },
  {
    name: 'Quotation sent',
    subject: 'Your quotation from Orbitra Group',
    body: 'Hello {{first_name}},\n\nyour quotation is ready. You can read it, download it as PDF and accept it here:\n{{quotation_link}}\n\nI am happy to go through it with you.\n\nBest regards,\n{{rep_name}}',
  },
];

const CONVERSATIONS = [
  {
    subject: 'Payroll and HR for your team',
    sent: 'Hello,\n\nthank you for taking my call. As promised, a short summary of how Payofina runs payroll and HR.\n\nCould we book 30 minutes next week?\n\nBest regards',
    reply: 'Thanks for the summary. Tuesday at 10:00 works for us; please send an invitation.\n\nKind regards',
  },
  {
    subject: 'Following up on our call',
    sent: 'Hello,\n\nI tried to reach you by phone today. When would be a good time for a short call?\n\nBest regards',
    reply: null,
  },
  {
    subject: 'Seats and pricing',
    sent: 'Hello,\n\nattached you will find the pricing for 40 seats, as discussed.\n\nBest regards',
    reply: 'Thank you. Our board meets on Thursday; I will come back to you on Friday.',
  },
];

/**
 * Templates and a few conversations on demo records (two prospects, a lead), by their owners, so a
 * first start shows mail on the record pages. Only when the tenant has no mail or template yet.
 */
export async function seedDemoMail(db: Db, tenantId: string): Promise<string[]> {
  const created: string[] = [];
  const [templates] = await db.select({ n: count() }).from(mailTemplates).where(eq(mailTemplates.tenantId, tenantId));
  if (Number(templates.n) === 0) {
    await db.insert(mailTemplates).values(DEMO_TEMPLATES.map((template) => ({ tenantId, ...template })));
    created.push(`${DEMO_TEMPLATES.length} demo mail templates`);
  }
  const [mails] = await db.select({ n: count() }).from(recordMails).where(eq(recordMails.tenantId, tenantId));
  if (Number(mails.n) > 0) return created;
  const ownerColumns = { ownerName: users.fullName, ownerEmail: users.email };
  const someProspects = await db
    .select({ id: prospects.id, name: prospects.name, email: prospects.email, ownerId: prospects.ownerId, ...ownerColumns })
    .from(prospects)
    .innerJoin(users, eq(users.id, prospects.ownerId))
    .where(and(eq(prospects.tenantId, tenantId), eq(prospects.state, 'active'), isNotNull(prospects.email)))
    .orderBy(asc(prospects.name), asc(prospects.id))
    .limit(2);
  const someLeads = await db
    .select({ id: leads.id, name: leads.name, email: leads.email, ownerId: leads.ownerId, ...ownerColumns })
    .from(leads)
    .innerJoin(users, eq(users.id, leads.ownerId))
    .where(and(eq(leads.tenantId, tenantId), isNotNull(leads.email)))
    .orderBy(asc(leads.name), asc(leads.id))
    .limit(1);
  const records = [
    ...someProspects.map((record) => ({ ...record, prospectId: record.id as string | null, leadId: null as string | null })),
    ...someLeads.map((record) => ({ ...record, prospectId: null as string | null, leadId: record.id as string | null })),
  ];
  let count_ = 0;
  for (const [index, record] of records.entries()) {
    const conversation = CONVERSATIONS[index % CONVERSATIONS.length]!;
    const client = record.email!.toLowerCase();
    const rep = { name: record.ownerName || record.ownerEmail, address: record.ownerEmail };
    const sentAt = new Date(Date.now() - (3 + index) * 86_400_000);
    const sentId = newMessageId(rep.address);
    const sentRaw = await composeMail(
      { from: rep, to: [client], subject: conversation.subject, text: conversation.sent, inReplyTo: null, references: [], date: sentAt },
      sentId,
    );
    const rows: (typeof recordMails.$inferInsert)[] = [
      {
        tenantId,
        prospectId: record.prospectId,
        leadId: record.leadId,
        userId: record.ownerId,
        direction: 'sent',
        messageId: sentId,
        threadKey: sentId,
        fromAddress: rep.address,
        fromName: rep.name,
        toAddresses: [{ address: client, name: '' }],
        subject: conversation.subject,
        body: conversation.sent,
        original: sentRaw,
        originalSize: sentRaw.length,
        savedToSentAt: sentAt,
        sentAt,
      },
    ];
    if (conversation.reply) {
      const repliedAt = new Date(sentAt.getTime() + 5 * 3_600_000);
      const replyId = newMessageId(client);
      const subject = `Re: ${conversation.subject}`;
      const replyRaw = await composeMail(
        {
          from: { name: record.name, address: client },
          to: [rep.address],
          subject,
          text: conversation.reply,
          inReplyTo: sentId,
          references: [sentId],
          date: repliedAt,
        },
        replyId,
      );
      rows.push({
        tenantId,
        prospectId: record.prospectId,
        leadId: record.leadId,
        userId: record.ownerId,
        direction: 'received',
        messageId: replyId,
        inReplyTo: sentId,
        threadKey: sentId,
        fromAddress: client,
        fromName: record.name,
        toAddresses: [{ address: rep.address, name: rep.name }],
        subject,
        body: conversation.reply,
        original: replyRaw,
        originalSize: replyRaw.length,
        sentAt: repliedAt,
      });
    }
    await db.insert(recordMails).values(rows);
    count_ += rows.length;
  }
  if (count_) created.push(`${count_} demo mails`);
  return created;
}
