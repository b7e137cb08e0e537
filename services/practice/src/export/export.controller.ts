import { Controller, Res } from '@nestjs/common';
import type { Response } from 'express';
import { AuthUser, practiceApi } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedQuery } from '@app/service-kit';
import { ExportService } from './export.service';

/** The caller's problems and sessions out (CSV or JSON), and problems in (CSV). */
@Controller()
export class ExportController {
  constructor(private readonly files: ExportService) {}

  @Endpoint(practiceApi.exportPractice)
  async export(@CurrentUser() user: AuthUser, @ParsedQuery() query: Input<typeof practiceApi.exportPractice>['query'], @Res() res: Response) {
    const file = await this.files.export(user, query);
    res.setHeader('Content-Type', file.contentType);
    res.setHeader('Content-Disposition', `attachment; filename="${file.filename}"`);
    res.setHeader('Cache-Control', 'private, no-store');
    res.status(200).end(file.body);
  }

  @Endpoint(practiceApi.importProblems)
  async import(@CurrentUser() user: AuthUser, @ParsedBody() { csv }: Input<typeof practiceApi.importProblems>['body']) {
    return { data: await this.files.import(user, csv) };
  }
}
