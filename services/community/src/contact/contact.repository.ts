import { Inject, Injectable } from '@nestjs/common';
import type { ContactForm, ContactSubmission } from '@app/contracts';
import { Database, Tx } from '@app/service-kit';

interface Row extends Omit<ContactSubmission, 'created_at'> {
  created_at: Date;
}

const submissionsListed = 200;

@Injectable()
export class ContactRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async insert(tx: Tx, userId: string | null, form: ContactForm, featureRequestId: string | null): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(
      `INSERT INTO contact_form_submissions (user_id, name, email, subject, message, feature_request_id)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
      [userId, form.name ?? null, form.email ?? null, form.subject, form.message, featureRequestId],
    );
    return rows[0].id;
  }

  async latest(): Promise<ContactSubmission[]> {
    const { rows } = await this.db.query<Row>(
      `SELECT id, user_id, name, email, subject, message, feature_request_id, created_at
       FROM contact_form_submissions ORDER BY created_at DESC, id LIMIT ${submissionsListed}`,
    );
    return rows.map((row) => ({ ...row, created_at: row.created_at.toISOString() }));
  }
}
