import {
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
import type { S3Config } from "~/platform/env.server";
import {
  assertMediaKey,
  assertMediaType,
  isMediaKey,
  MEDIA_CONTENT_TYPE,
  type MediaStorage,
} from "./media-storage";

/** What /media answers too: keys are random and never rewritten. */
const CACHE_CONTROL = "public, max-age=31536000, immutable";

/** Objects in an S3-compatible bucket (AWS S3, Cloudflare R2, MinIO), one object per key at the bucket's root. */
export function createS3Storage(config: S3Config): MediaStorage {
  const client = new S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default CRC checksums are not understood by every S3-compatible service (R2, s3rver).
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
  const Bucket = config.bucket;
  return {
    async put(key, bytes, contentType) {
      assertMediaKey(key);
      assertMediaType(contentType);
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: bytes,
          ContentType: contentType,
          CacheControl: CACHE_CONTROL,
        }),
      );
    },
    async get(key) {
      if (!isMediaKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!res.Body) return null;
        const bytes = Buffer.from(await res.Body.transformToByteArray());
        // Whatever else wrote the object, it is served as what its key says.
        return { bytes, contentType: MEDIA_CONTENT_TYPE };
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(key) {
      assertMediaKey(key);
      // S3 answers a delete of a missing object with success already.
      await client.send(new DeleteObjectCommand({ Bucket, Key: key }));
    },
    async *keys() {
      let token: string | undefined;
      do {
        const page = await client.send(new ListObjectsV2Command({ Bucket, ContinuationToken: token }));
        // A shared bucket may hold other things: only our keys are ours.
        for (const object of page.Contents ?? []) if (object.Key && isMediaKey(object.Key)) yield object.Key;
        token = page.IsTruncated ? page.NextContinuationToken : undefined;
      } while (token);
    },
  };
}

/** The object is not there; a missing bucket is a configuration error and still throws. */
function isMissing(err: unknown): boolean {
  if (!(err instanceof S3ServiceException) || err.name === "NoSuchBucket") return false;
  return err.name === "NoSuchKey" || err.$metadata.httpStatusCode === 404;
}
