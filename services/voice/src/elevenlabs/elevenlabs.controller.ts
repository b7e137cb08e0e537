import { Body, Controller, Headers } from '@nestjs/common';
import { AuthUser, voiceApi, VoiceSession } from '@app/contracts';
import { CurrentUser, Endpoint, Input, ParsedBody, ParsedParams, RawBody } from '@app/service-kit';
import { ElevenLabsCalls } from './elevenlabs-calls.service';

/** The page's word of which conversation a call is (checked against ElevenLabs), and ElevenLabs' post-call webhook. */
@Controller()
export class ElevenLabsController {
  constructor(private readonly calls: ElevenLabsCalls) {}

  @Endpoint(voiceApi.bindConversation)
  async bind(
    @CurrentUser() user: AuthUser,
    @ParsedParams() { sessionId }: Input<typeof voiceApi.bindConversation>['params'],
    @ParsedBody() { conversation_id }: Input<typeof voiceApi.bindConversation>['body'],
  ): Promise<{ data: VoiceSession }> {
    return { data: await this.calls.bind(user, sessionId, conversation_id) };
  }

  /** No token: the signature over the raw bytes is checked before the body is believed (so not @ParsedBody). */
  @Endpoint(voiceApi.postCallWebhook)
  postCall(@Headers('elevenlabs-signature') signature: unknown, @RawBody() raw: Buffer, @Body() body: unknown): Promise<{ settled: boolean }> {
    return this.calls.webhook(signature, raw, body);
  }
}
