// Where published remote versions are kept: the CDN folder (CDN_DIR, served by the server at /cdn/),
// or, with CDN_S3_BUCKET, an S3-compatible bucket that browsers load from through CDN_PUBLIC_URL.
// Either way a version is <remote>/<version>/ with its release record, release.json, written last:
// a version without it is not published (yet), and a published version is never written again.
// The command line publishes through it; the server and the command line read records through it.
const fs = require('node:fs');
const path = require('node:path');
const { ReleaseError, RECORD_FILE } = require('./release-control.cjs');

/** A published version's files never change under their address, so any cache may keep them for good. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Uploads at once per release: a build holds a few hundred files at most. */
const UPLOADS_AT_ONCE = 8;
/** Records read per listing at once. */
const READS_AT_ONCE = 8;

const ALREADY_PUBLISHED = (remote, version, where) =>
  `${remote} ${version} is already published in ${where}; published versions are never overwritten. Release a new commit or pass another --version.`;

function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/** The CDN folder: <cdn>/<remote>/<version>/, a version copied into a hidden folder and renamed into place whole. */
function folderFiles(cdn) {
  const dir = (remote, version) => path.join(cdn, remote, version);
  return {
    kind: 'folder',
    where: cdn,
    location: dir,
    async readRecord(remote, version) {
      return readJson(path.join(dir(remote, version), RECORD_FILE));
    },
    async published(remote) {
      let names = [];
      try {
        names = fs.readdirSync(path.join(cdn, remote)).filter((name) => !name.startsWith('.'));
      } catch {
        // Nothing published yet.
      }
      return names.map((version) => ({ version, record: readJson(path.join(dir(remote, version), RECORD_FILE)) })).filter(({ record }) => record);
    },
    async assertUnpublished(remote, version) {
      if (fs.existsSync(dir(remote, version))) throw new ReleaseError(ALREADY_PUBLISHED(remote, version, dir(remote, version)));
    },
    async put(remote, version, dist, record) {
      await this.assertUnpublished(remote, version);
      const staging = path.join(cdn, remote, `.staging-${version}-${process.pid}`);
      fs.rmSync(staging, { recursive: true, force: true });
      fs.mkdirSync(path.dirname(staging), { recursive: true });
      fs.cpSync(dist, staging, { recursive: true });
      fs.writeFileSync(path.join(staging, RECORD_FILE), `${JSON.stringify(record, null, 2)}\n`);
      try {
        await this.assertUnpublished(remote, version);
        fs.renameSync(staging, dir(remote, version));
      } catch (error) {
        fs.rmSync(staging, { recursive: true, force: true });
        throw error;
      }
    },
  };
}

/**
 * The files of a build a bucket serves: all but dotfiles (the build's .vite/ folder) and the .br and
 * .gz copies made for a server that negotiates encodings, which a bucket does not.
 */
function uploadableFiles(dist) {
  const files = [];
  for (const entry of fs.readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const relative = path.relative(dist, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
    if (relative.split('/').some((part) => part.startsWith('.'))) continue;
    const compressedOf = relative.match(/^(.*)\.(br|gz)$/)?.[1];
    if (compressedOf && fs.existsSync(path.join(dist, compressedOf))) continue;
    files.push(relative);
  }
  return files.sort();
}

/** Runs `work` over `items`, at most `limit` at once, in order of the items. */
async function eachLimited(items, limit, work) {
  const results = new Array(items.length);
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  });
  await Promise.all(runners);
  return results;
}

const statusOf = (error) => error?.$metadata?.httpStatusCode;
const isMissing = (error) => error?.name === 'NoSuchKey' || error?.name === 'NotFound' || statusOf(error) === 404;

/**
 * An S3-compatible bucket (AWS S3, MinIO, R2, …): <remote>/<version>/… under the bucket's root, each
 * file with its content type and Cache-Control immutable. The credentials are the SDK's usual ones
 * (AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, a profile, a role). Records are read once per process:
 * a published version never changes.
 */
function bucketFiles({ bucket, endpoint, region, client }) {
  // Required only here: a deployment without a bucket never loads the SDK.
  const s3 = require('@aws-sdk/client-s3');
  const mime = require('mime-types');
  const api =
    client ??
    new s3.S3Client({
      region: region || 'us-east-1',
      ...(endpoint ? { endpoint, forcePathStyle: true } : {}),
    });
  const records = new Map();
  const where = `s3://${bucket}/`;
  const key = (remote, version, file = '') => `${remote}/${version}/${file}`;
  /** The bucket's failure, said without the request's details (no keys are in an SDK error's message). */
  const unavailable = (error, doing) =>
    Object.assign(
      new ReleaseError(`The bucket ${bucket} could not be ${doing} (${error?.name ?? 'Error'}: ${error?.message ?? String(error)}).`, 'unavailable'),
      {
        cause: error,
      },
    );

  async function send(command, doing) {
    try {
      return await api.send(command);
    } catch (error) {
      throw unavailable(error, doing);
    }
  }

  async function readRecord(remote, version) {
    const cached = records.get(key(remote, version));
    if (cached) return cached;
    let answer;
    try {
      answer = await api.send(new s3.GetObjectCommand({ Bucket: bucket, Key: key(remote, version, RECORD_FILE) }));
    } catch (error) {
      if (isMissing(error)) return null;
      throw unavailable(error, 'read');
    }
    let record;
    try {
      record = JSON.parse(await answer.Body.transformToString());
    } catch {
      return null;
    }
    records.set(key(remote, version), record);
    return record;
  }

  /** Every <remote>/<name>/ in the bucket, however many pages the listing takes. */
  async function folders(remote) {
    const names = [];
    let token;
    do {
      const page = await send(new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: `${remote}/`, Delimiter: '/', ContinuationToken: token }), 'listed');
      for (const { Prefix } of page.CommonPrefixes ?? []) names.push(Prefix.slice(remote.length + 1, -1));
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return names;
  }

  return {
    kind: 'bucket',
    where,
    location: (remote, version) => `${where}${key(remote, version)}`,
    readRecord,
    async published(remote) {
      const names = (await folders(remote)).filter((name) => name && !name.startsWith('.'));
      const found = await eachLimited(names, READS_AT_ONCE, async (version) => ({ version, record: await readRecord(remote, version) }));
      return found.filter(({ record }) => record);
    },
    /** Any file under the version's prefix counts: a version half uploaded by a release that failed is not written over either. */
    async assertUnpublished(remote, version) {
      // One level (files, and folders such as assets/), so a version's few hundred files are one page.
      const page = await send(new s3.ListObjectsV2Command({ Bucket: bucket, Prefix: key(remote, version), Delimiter: '/' }), 'listed');
      if ((page.Contents?.length ?? 0) + (page.CommonPrefixes?.length ?? 0) > 0)
        throw new ReleaseError(ALREADY_PUBLISHED(remote, version, `${where}${key(remote, version)}`));
    },
    /**
     * Uploads the build, then its record last, so the version is listed only once whole. The record
     * is written only if absent (If-None-Match), so of two releases of one version racing past the
     * check above, a bucket that honours the condition keeps the first.
     */
    async put(remote, version, dist, record) {
      await this.assertUnpublished(remote, version);
      const upload = (file, body, extra = {}) =>
        send(
          new s3.PutObjectCommand({
            Bucket: bucket,
            Key: key(remote, version, file),
            Body: body,
            ContentType: mime.contentType(path.posix.basename(file)) || 'application/octet-stream',
            CacheControl: IMMUTABLE,
            ...extra,
          }),
          'written',
        );
      const files = uploadableFiles(dist).filter((file) => file !== RECORD_FILE);
      await eachLimited(files, UPLOADS_AT_ONCE, (file) => upload(file, fs.readFileSync(path.join(dist, file))));
      try {
        await upload(RECORD_FILE, `${JSON.stringify(record, null, 2)}\n`, { IfNoneMatch: '*' });
      } catch (error) {
        const status = statusOf(error.cause ?? error);
        if (status === 412 || status === 409) throw new ReleaseError(ALREADY_PUBLISHED(remote, version, `${where}${key(remote, version)}`));
        throw error;
      }
      records.set(key(remote, version), record);
    },
  };
}

/**
 * The store the settings name: the bucket with CDN_S3_BUCKET (CDN_S3_ENDPOINT for a service other than
 * AWS, CDN_S3_REGION), else the CDN folder.
 */
function releaseFiles(env, cdn) {
  const bucket = env.CDN_S3_BUCKET?.trim();
  if (!bucket) return folderFiles(cdn);
  return bucketFiles({ bucket, endpoint: env.CDN_S3_ENDPOINT?.trim() || undefined, region: env.CDN_S3_REGION?.trim() || env.AWS_REGION?.trim() || undefined });
}

module.exports = { IMMUTABLE, folderFiles, bucketFiles, releaseFiles, uploadableFiles };
