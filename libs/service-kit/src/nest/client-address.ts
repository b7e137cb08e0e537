import { createParamDecorator, ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { clientAddressOf } from '../http/gateway-hop';

/** The client's address: the gateway's word for it when the request proves it came from the gateway, else the peer's. */
export const ClientAddress = createParamDecorator((_data: unknown, context: ExecutionContext): string =>
  clientAddressOf(context.switchToHttp().getRequest<Request>()),
);
