import { Controller } from '@nestjs/common';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedParams, ParsedQuery } from '@app/service-kit';
import { CatalogueService } from './catalogue.service';

/** The catalogue is the same for everyone; adding a list adds to the caller's own questions only. */
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Endpoint(practiceApi.searchCatalogue)
  search(@ParsedQuery() query: Input<typeof practiceApi.searchCatalogue>['query']) {
    return this.catalogue.search(query);
  }

  @Endpoint(practiceApi.listCatalogueLists)
  lists() {
    return this.catalogue.lists();
  }

  @Endpoint(practiceApi.addCatalogueList)
  async addList(@CurrentUser() user: AuthUser, @ParsedParams() { list }: Input<typeof practiceApi.addCatalogueList>['params']) {
    return { data: await this.catalogue.addList(user, list) };
  }
}
