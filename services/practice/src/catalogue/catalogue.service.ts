import { Injectable } from '@nestjs/common';
import { AddListResult, AuthUser, CatalogueListId, CatalogueList, CatalogueProblem, CatalogueQuery, capMessages, caps } from '@app/contracts';
import { conflict, isErased, unauthorized } from '@app/service-kit';
import { QuestionsRepository } from '../questions/questions.repository';
import { Catalogue } from './catalogue';

@Injectable()
export class CatalogueService {
  private readonly catalogue = new Catalogue();

  constructor(private readonly questions: QuestionsRepository) {}

  search(query: CatalogueQuery): CatalogueProblem[] {
    return this.catalogue.search(query);
  }

  lists(): CatalogueList[] {
    return this.catalogue.lists();
  }

  /**
   * Tracks a whole list as the add form would track each problem (title, difficulty, tags), skipping
   * titles already tracked. Under the caller's question lock, so two calls at once add each problem
   * once; all or nothing when it would pass the cap.
   */
  async addList(user: AuthUser, id: CatalogueListId): Promise<AddListResult> {
    if (await isErased(this.questions.db, user.id)) throw unauthorized('This account has been deleted');
    const members = this.catalogue.list(id);
    return this.questions.db.transaction(async (tx) => {
      await this.questions.holdQuestionCap(tx, user.id);
      const added = await this.questions.createMissing(
        tx,
        user.id,
        members.map(({ title, difficulty, tags }) => ({ title, difficulty, tags: tags.join(',') })),
      );
      if (added > 0 && (await this.questions.count(tx, user.id)) > caps.questionsPerUser) throw conflict(capMessages.questions);
      return { added, already_tracked: members.length - added };
    });
  }
}
