import { Module } from '@nestjs/common';
import { ErrorTypesController } from './error-types.controller';

/** The eight error types of spec section 9, from the contract's catalogue. */
@Module({ controllers: [ErrorTypesController] })
export class ErrorTypesModule {}
