import { Inject, Injectable } from '@nestjs/common';
import {
  anonymousAuthorName,
  AuthUser,
  clipNotificationText,
  CommunityDesign,
  CommunityDesignSummary,
  communityDesignMessages,
  communityMessages,
  DesignComment,
  EventData,
  isModerator,
  notificationBodyMax,
  notificationKinds,
  notificationTitleMax,
} from '@app/contracts';
import { displayNameOf, EventBus, forbidden, isErased, notFound, recordModeration, Tx, unauthorized } from '@app/service-kit';
import { AskModerationService, Flag } from '../ask-a-swe/ask-moderation.service';
import { InteractionsRepository } from '../interactions/interactions.repository';
import { requireModerator } from '../members';
import { recipientGroups } from '../recipients';
import { DesignFacts, DesignsRepository, Viewer } from './designs.repository';

const noDesign = () => notFound(communityDesignMessages.notFound);
/** Where the author and voters find a design: its prompt's page, opened on it. */
const designLink = (slug: string, id: string) => `/system-design/${slug}?design=${id}`;
const viewerOf = (user: AuthUser): Viewer => ({ id: user.id, moderator: isModerator(user) });

/** Community designs: published System Design attempts, upvoted through interactions, taken down by moderators. */
@Injectable()
export class DesignsService {
  constructor(
    private readonly designs: DesignsRepository,
    private readonly interactions: InteractionsRepository,
    private readonly moderation: AskModerationService,
    @Inject(EventBus) private readonly events: EventBus,
  ) {}

  /** practice.design.published; an account erased meanwhile publishes nothing. */
  async published(tx: Tx, design: EventData<'practice.design.published'>): Promise<void> {
    if (await isErased(tx, design.user_id)) return;
    await this.designs.publish(tx, design);
  }

  /** practice.design.submitted; an erased account is not remembered. */
  async submitted(tx: Tx, submitted: EventData<'practice.design.submitted'>): Promise<void> {
    if (await isErased(tx, submitted.user_id)) return;
    await this.designs.submitted(tx, submitted);
  }

  /**
   * The list also keeps the caller's name in the member copy: a design they publish with their name
   * shown is named from it, since practice's event carries none.
   */
  async list(user: AuthUser, promptSlug: string): Promise<CommunityDesignSummary[]> {
    await this.mustHaveSubmitted(user, promptSlug);
    if (!(await isErased(this.designs.db, user.id))) await this.designs.rememberName(user.id, displayNameOf(user));
    return this.designs.list(viewerOf(user), promptSlug);
  }

  async get(user: AuthUser, id: string): Promise<CommunityDesign> {
    const design = await this.designs.get(viewerOf(user), id);
    if (!design) throw noDesign();
    if (!design.mine) await this.mustHaveSubmitted(user, design.prompt_slug);
    return design;
  }

  /** One upvote per member (the interactions' constraint); the author is told of the first one only. */
  async upvote(user: AuthUser, id: string): Promise<CommunityDesignSummary> {
    const author = await this.readable(user, id);
    if (author.user_id === user.id) throw forbidden(communityDesignMessages.ownVote);
    if (await isErased(this.designs.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
    await this.designs.db.transaction(async (tx) => {
      const added = await this.interactions.add(user.id, 'design', id, 'upvote', tx);
      if (!added) return;
      await this.events.record(tx, 'community.notification.requested', {
        user_ids: [author.user_id],
        kind: notificationKinds.designUpvote,
        title: clipNotificationText(`Someone upvoted your design of "${author.prompt_title}"`, notificationTitleMax),
        body: 'A member found your published design useful.',
        link: designLink(author.prompt_slug, id),
        subject: clipNotificationText(author.prompt_title, notificationTitleMax / 2),
      });
    });
    return (await this.designs.get(viewerOf(user), id)) ?? Promise.reject(noDesign());
  }

  async comments(user: AuthUser, id: string): Promise<DesignComment[]> {
    await this.readable(user, id);
    return this.designs.comments(viewerOf(user), id);
  }

  /**
   * The author's own edit, or a moderator's of anyone's (to redact it: the comment says "Edited by a
   * moderator", and the audit log keeps its words before and after).
   */
  async editComment(user: AuthUser, id: string, commentId: string, body: string): Promise<DesignComment> {
    const design = await this.readable(user, id);
    return this.designs.db.transaction(async (tx) => {
      const comment = await this.designs.lockComment(tx, id, commentId);
      if (!comment || (comment.moderation !== 'visible' && comment.user_id !== user.id && !isModerator(user))) {
        throw notFound(communityDesignMessages.commentNotFound);
      }
      const byModerator = comment.user_id !== user.id;
      if (byModerator && !isModerator(user)) throw forbidden(communityDesignMessages.notYourComment);
      const edited = await this.designs.editComment(tx, viewerOf(user), commentId, body, byModerator);
      if (byModerator) {
        await recordModeration(tx, user, {
          action: 'edited',
          kind: 'community_design_comment',
          itemId: commentId,
          itemTitle: design.prompt_title,
          before: comment.body,
          after: body,
          authorId: comment.user_id,
        });
      }
      return edited;
    });
  }

  /** Flags the design into the moderators' queue of flagged posts, by Ask a SWE's rules. */
  async flag(user: AuthUser, id: string, input: Flag): Promise<{ hidden: boolean }> {
    const design = await this.readable(user, id);
    return this.moderation.record(user, 'design', id, design.user_id, input);
  }

  /** Flags a comment on the design, as a design is flagged. */
  async flagComment(user: AuthUser, id: string, commentId: string, input: Flag): Promise<{ hidden: boolean }> {
    await this.readable(user, id);
    const comment = await this.designs.db.transaction((tx) => this.designs.lockComment(tx, id, commentId));
    if (!comment || (comment.moderation !== 'visible' && !isModerator(user))) throw notFound(communityDesignMessages.commentNotFound);
    return this.moderation.record(user, 'design_comment', commentId, comment.user_id, input);
  }

  /**
   * The comment, and the bell for the design's author and earlier commenters (the feature board's
   * comment kind: their "comments" choice, collapsed while unread), in one transaction.
   */
  async comment(user: AuthUser, id: string, body: string): Promise<DesignComment> {
    const design = await this.designs.get(viewerOf(user), id);
    if (!design) throw noDesign();
    if (!design.mine) await this.mustHaveSubmitted(user, design.prompt_slug);
    if (await isErased(this.designs.db, user.id)) throw unauthorized(communityMessages.accountDeleted);
    // An anonymous design stays anonymous when its author joins the discussion.
    const authorName = design.mine && design.author_name === null ? anonymousAuthorName : displayNameOf(user);
    return this.designs.db.transaction(async (tx) => {
      const audience = await this.designs.audienceOf(tx, id, user.id);
      const comment = await this.designs.comment(tx, { id: user.id, moderator: isModerator(user) }, id, authorName, body);
      if (audience.length) {
        await this.events.recordAll(
          tx,
          'community.notification.requested',
          recipientGroups(audience).map((group) => ({
            user_ids: group,
            kind: notificationKinds.comment,
            title: clipNotificationText(`${authorName} commented on a design of "${design.prompt_title}"`, notificationTitleMax),
            body: clipNotificationText(body, notificationBodyMax),
            link: designLink(design.prompt_slug, id),
            subject: clipNotificationText(`a design of ${design.prompt_title}`, notificationTitleMax / 2),
            by_moderator: isModerator(user),
          })),
        );
      }
      return comment;
    });
  }

  async removeUpvote(user: AuthUser, id: string): Promise<void> {
    await this.readable(user, id);
    await this.interactions.remove(user.id, 'design', id, 'upvote');
  }

  async unpublish(user: AuthUser, id: string): Promise<void> {
    const author = await this.designs.authorOf(id);
    if (!author) throw noDesign();
    if (author.user_id !== user.id) throw forbidden(communityDesignMessages.notYours);
    await this.designs.db.transaction((tx) => this.designs.unpublish(tx, user.id, id));
  }

  /** The take-down, its audit line and the author's notification, in one transaction. */
  async takeDown(user: AuthUser, id: string, reason: string): Promise<void> {
    requireModerator(user);
    await this.designs.db.transaction(async (tx) => {
      const design = await this.designs.takeDown(tx, id, reason);
      if (!design) throw noDesign();
      await recordModeration(tx, user, { action: 'taken_down', kind: 'community_design', itemId: id, itemTitle: design.prompt_title, reason });
      await this.events.record(tx, 'community.notification.requested', {
        user_ids: [design.user_id],
        kind: notificationKinds.submissionRejected,
        title: clipNotificationText(`Your design of "${design.prompt_title}" was taken down`, notificationTitleMax),
        body: `Reason: ${reason}`,
        link: `/system-design/${design.prompt_slug}`,
        by_moderator: true,
      });
    });
  }

  /**
   * Others' designs of a prompt are hidden until the caller submitted an attempt of it (the spec's
   * hidden solutions: they would give the answer away); moderators see them to moderate.
   */
  private async mustHaveSubmitted(user: AuthUser, promptSlug: string): Promise<void> {
    if (isModerator(user) || (await this.designs.hasSubmitted(user.id, promptSlug))) return;
    throw forbidden(communityDesignMessages.hidden);
  }

  /**
   * A listed design the caller may read (their own, or of a prompt they submitted; a hidden one only
   * its author and moderators), with who published it.
   */
  private async readable(user: AuthUser, id: string): Promise<DesignFacts> {
    const author = await this.designs.authorOf(id);
    if (!author || (author.moderation !== 'visible' && author.user_id !== user.id && !isModerator(user))) throw noDesign();
    if (author.user_id !== user.id) await this.mustHaveSubmitted(user, author.prompt_slug);
    return author;
  }
}
