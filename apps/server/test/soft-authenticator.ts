import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoBase64URL, isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A software passkey authenticator for the API tests (the browser journeys use Chromium's virtual authenticator):
 * it makes ES256 key pairs and answers registration and sign-in options the way a platform authenticator with
 * user verification does, so the server's WebAuthn checks run on real signatures. `counterStep: 0` plays an
 * authenticator that keeps no signature counter.
 */
export class SoftAuthenticator {
  private readonly keys = new Map<string, { privateKey: KeyObject; userHandle: string; counter: number }>();

  constructor(
    private readonly origin: string,
    private readonly counterStep = 1,
  ) {}

  private rpIdHash = (rpId: string) => createHash('sha256').update(rpId).digest();

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer) {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([this.rpIdHash(rpId), Buffer.from([flags]), count, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string) {
    return Buffer.from(JSON.stringify({ type, challenge, origin: this.origin, crossOrigin: false }));
  }

  /** Answers navigator.credentials.create() options: a new key pair for `options.user.id` (user present and verified). */
  register(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    const rpId = options.rp.id ?? new URL(this.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, isoBase64URL.toBuffer(jwk.x!)],
        [-3, isoBase64URL.toBuffer(jwk.y!)],
      ]),
    );
    const credentialId = randomBytes(32);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, credentialId, Buffer.from(cose)]);
    // UP | UV | AT
    const authData = this.authData(rpId, 0x01 | 0x04 | 0x40, 0, attested);
    const attestationObject = isoCBOR.encode(
      new Map<string, string | Map<string, number> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, number>()],
        ['authData', new Uint8Array(authData)],
      ]),
    );
    const id = isoBase64URL.fromBuffer(credentialId);
    this.keys.set(id, { privateKey, userHandle: options.user.id, counter: 0 });
    return {
      id,
      rawId: id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(this.clientData('webauthn.create', options.challenge)),
        attestationObject: isoBase64URL.fromBuffer(attestationObject),
        transports: ['internal' as const],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** Answers navigator.credentials.get() options with the passkey `id` (else the first allowed, else the first made). */
  assert(options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] }, id?: string, flags = 0x01 | 0x04) {
    const which = id ?? options.allowCredentials?.[0]?.id ?? [...this.keys.keys()][0]!;
    const key = this.keys.get(which);
    if (!key) throw new Error('this authenticator holds no such passkey');
    key.counter += this.counterStep;
    const rpId = options.rpId ?? new URL(this.origin).hostname;
    const authData = this.authData(rpId, flags, key.counter);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge);
    const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientDataJSON).digest()]), key.privateKey);
    return {
      id: which,
      rawId: which,
      type: 'public-key' as const,
      response: {
        clientDataJSON: isoBase64URL.fromBuffer(clientDataJSON),
        authenticatorData: isoBase64URL.fromBuffer(authData),
        signature: isoBase64URL.fromBuffer(signature),
        userHandle: key.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** Sets the counter the next answer counts up from (to play a cloned authenticator). */
  setCounter(id: string, counter: number) {
    this.keys.get(id)!.counter = counter;
  }
}
