import { Controller } from '@nestjs/common';
import { ErrorType, errorTypeCatalogue, practiceApi } from '@app/contracts';
import { Endpoint } from '@app/service-kit';

/** The contract's catalogue, the one the service scores with: there is no second copy to drift. */
@Controller()
export class ErrorTypesController {
  @Endpoint(practiceApi.listErrorTypes)
  list(): ErrorType[] {
    return [...errorTypeCatalogue];
  }
}
