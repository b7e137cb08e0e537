import { Controller } from '@nestjs/common';
import { communityApi, ExternalResource } from '@app/contracts';
import { Endpoint } from '@app/service-kit';
import { externalResources } from './resources';

@Controller()
export class ResourcesController {
  @Endpoint(communityApi.listExternalResources)
  list(): readonly ExternalResource[] {
    return externalResources;
  }
}
