import { Inject, Injectable } from '@nestjs/common';
import { askReputation } from '@app/contracts';
import { Database, lockAccountCap, Tx } from '@app/service-kit';

export type PostColumn = 'question_id' | 'answer_id';
export type ReputationReason = 'question_upvoted' | 'answer_upvoted' | 'downvoted' | 'downvoting_answer' | 'answer_accepted' | 'accepting';

/** The reasons askReputation.dailyCap limits. */
const cappedReasons = ['question_upvoted', 'answer_upvoted'];
const reputationSql = 'greatest($2::int, 1 + coalesce(sum(amount), 0))::int';

/** Votes, and the reputation they and acceptances earn (ask_reputation: 1 plus its rows' sum, never below 1). */
@Injectable()
export class ReputationRepository {
  constructor(@Inject(Database) readonly db: Database) {}

  async reputationOf(userId: string, db: Tx | Database = this.db): Promise<number> {
    const { rows } = await db.query<{ reputation: number }>(`SELECT ${reputationSql} AS reputation FROM ask_reputation WHERE user_id = $1`, [
      userId,
      askReputation.floor,
    ]);
    return rows[0].reputation;
  }

  /** Vote reputation gained since the start of the UTC day. */
  async earnedToday(userId: string, db: Tx | Database = this.db): Promise<number> {
    const { rows } = await db.query<{ earned: number }>(
      `SELECT coalesce(sum(amount), 0)::int AS earned FROM ask_reputation
       WHERE user_id = $1 AND reason = ANY ($2::text[]) AND created_at >= date_trunc('day', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [userId, cappedReasons],
    );
    return rows[0].earned;
  }

  /**
   * Records reputation for `userId`; an upvote's is cut to what is left of the day's cap. Under the
   * member's lock, so two votes at once cannot both take the last of it.
   */
  async earn(tx: Tx, userId: string, reason: ReputationReason, source: { voteId: string } | { acceptedAnswerId: string }, amount: number): Promise<void> {
    let applied = amount;
    if (cappedReasons.includes(reason)) {
      await lockAccountCap(tx, 'ask-reputation', userId);
      applied = Math.min(amount, Math.max(0, askReputation.dailyCap - (await this.earnedToday(userId, tx))));
    }
    await tx.query('INSERT INTO ask_reputation (user_id, reason, vote_id, accepted_answer_id, amount) VALUES ($1, $2, $3, $4, $5)', [
      userId,
      reason,
      'voteId' in source ? source.voteId : null,
      'acceptedAnswerId' in source ? source.acceptedAnswerId : null,
      applied,
    ]);
  }

  /** Takes back what accepting `answerId` earned. */
  async forgetAcceptance(tx: Tx, answerId: string): Promise<void> {
    await tx.query('DELETE FROM ask_reputation WHERE accepted_answer_id = $1', [answerId]);
  }

  async voteOf(tx: Tx | Database, column: PostColumn, postId: string, userId: string): Promise<{ id: string; value: number } | undefined> {
    const { rows } = await tx.query<{ id: string; value: number }>(`SELECT id, value FROM ask_votes WHERE ${column} = $1 AND user_id = $2`, [postId, userId]);
    return rows[0];
  }

  /**
   * Removes a vote, with the reputation it earned (its rows go with it); the score is the caller's to
   * adjust, only when this removed it: the same vote taken back from two tabs at once is removed once.
   */
  async removeVote(tx: Tx, voteId: string): Promise<boolean> {
    const { rowCount } = await tx.query('DELETE FROM ask_votes WHERE id = $1', [voteId]);
    return rowCount === 1;
  }

  /** A unique index keeps it to one per member and post: a second at once is Postgres's 23505. */
  async addVote(tx: Tx, column: PostColumn, postId: string, userId: string, value: 1 | -1): Promise<string> {
    const { rows } = await tx.query<{ id: string }>(`INSERT INTO ask_votes (${column}, user_id, value) VALUES ($1, $2, $3) RETURNING id`, [
      postId,
      userId,
      value,
    ]);
    return rows[0].id;
  }

  /**
   * Moves a post's score. A popular post's row is where votes queue, so callers make this the last
   * statement of their transaction: the row is locked from here to the commit only.
   */
  async adjustScore(tx: Tx, column: PostColumn, postId: string, delta: number): Promise<void> {
    if (delta !== 0)
      await tx.query(`UPDATE ${column === 'question_id' ? 'ask_questions' : 'ask_answers'} SET score = score + $2 WHERE id = $1`, [postId, delta]);
  }

  async score(tx: Tx | Database, column: PostColumn, postId: string): Promise<number> {
    const { rows } = await tx.query<{ score: number }>(`SELECT score FROM ${column === 'question_id' ? 'ask_questions' : 'ask_answers'} WHERE id = $1`, [
      postId,
    ]);
    return rows[0]?.score ?? 0;
  }
}
