import { Controller, Inject } from '@nestjs/common';
import { ErrorType, practiceApi } from '@app/contracts';
import { Database, Endpoint } from '@app/service-kit';

@Controller()
export class ErrorTypesController {
  constructor(@Inject(Database) private readonly db: Database) {}

  @Endpoint(practiceApi.listErrorTypes)
  async list(): Promise<ErrorType[]> {
    const { rows } = await this.db.query<ErrorType & { score_impact: string }>('SELECT id, name, description, score_impact FROM error_types ORDER BY score_impact, name');
    return rows.map((r) => ({ ...r, score_impact: Number(r.score_impact) }));
  }
}
