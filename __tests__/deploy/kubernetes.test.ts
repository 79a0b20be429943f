import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseAllDocuments } from 'yaml';
import { varnishdPath } from '../../harness/varnishProcess';
import {
  DEFAULT_SHUTDOWN_GRACE_MS,
  DEFAULT_SHUTDOWN_LAME_DUCK_MS,
} from '../../settings/operationsSettings';

/**
 * Issue 38: deploy/kubernetes/, read as Kubernetes reads it (YAML 1.1), holds
 * what the issue asks of it: probes on /healthz and /readyz, a grace period
 * longer than the preStop pause and the whole drain, a non-root read-only
 * container without privileges, a PodDisruptionBudget, resources that fit the
 * measured memory, one image name throughout, the publishing Job running
 * `npm run content`'s command, and Varnish's VCL the reference one.
 */

const ROOT = path.resolve(__dirname, '../..');
const FOLDER = path.join(ROOT, 'deploy/kubernetes');
/** Applied by hand, not by the kustomization (secrets.example.yaml, folio-publish-job.yaml say why). */
const NOT_IN_KUSTOMIZATION = [
  'kustomization.yaml',
  'secrets.example.yaml',
  'folio-publish-job.yaml',
];
/**
 * docs/operations.md#memory: a worker with the default cache stays under 350 MB, and its
 * 10,000 live streams (the most a process holds) take about 160 MB more.
 */
const WORKER_MB = 350 + 160;

/* eslint-disable @typescript-eslint/no-explicit-any -- manifests are plain data, checked field by field */
type Manifest = Record<string, any>;

interface Loaded {
  file: string;
  manifest: Manifest;
}

function load(): Loaded[] {
  const loaded: Loaded[] = [];
  for (const file of readdirSync(FOLDER)
    .filter((name) => name.endsWith('.yaml'))
    .sort()) {
    for (const document of parseAllDocuments(readFileSync(path.join(FOLDER, file), 'utf8'), {
      version: '1.1',
    })) {
      if (document.errors.length > 0)
        throw new Error(`${file}: ${document.errors.map((error) => error.message).join('; ')}`);
      loaded.push({ file, manifest: document.toJS() as Manifest });
    }
  }
  return loaded;
}

const manifests = load();
const find = (kind: string, name: string): Manifest => {
  const found = manifests.find(
    ({ manifest }) => manifest.kind === kind && manifest.metadata?.name === name,
  );
  if (!found) throw new Error(`no ${kind} ${name} in deploy/kubernetes/`);
  return found.manifest;
};
const deployment = find('Deployment', 'folio');
const pod = deployment.spec.template.spec;
const folio = pod.containers.find((container: Manifest) => container.name === 'folio');
const job = find('Job', 'folio-publish');
const envOf = (container: Manifest, name: string): string | undefined =>
  container.env?.find((variable: Manifest) => variable.name === name)?.value;

/** A Kubernetes quantity in MiB (memory) or cores (cpu). */
function mebibytes(quantity: string): number {
  const match = /^(\d+(?:\.\d+)?)(Mi|Gi|M|G)?$/.exec(String(quantity));
  if (!match) throw new Error(`unexpected memory quantity ${quantity}`);
  const value = Number(match[1]);
  switch (match[2]) {
    case 'Gi':
      return value * 1024;
    case 'G':
      return (value * 1e9) / 2 ** 20;
    case 'M':
      return (value * 1e6) / 2 ** 20;
    case 'Mi':
      return value;
    default:
      return value / 2 ** 20;
  }
}
const cores = (quantity: string): number =>
  String(quantity).endsWith('m') ? Number(String(quantity).slice(0, -1)) / 1000 : Number(quantity);

describe('deploy/kubernetes/', () => {
  it('parses as Kubernetes reads it, every document a named object', () => {
    expect(manifests.length).toBeGreaterThan(10);
    for (const { file, manifest } of manifests) {
      if (file === 'kustomization.yaml') continue;
      expect({ file, apiVersion: typeof manifest.apiVersion, kind: typeof manifest.kind }).toEqual({
        file,
        apiVersion: 'string',
        kind: 'string',
      });
      expect(manifest.metadata?.name).toMatch(/^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/);
    }
  });

  it('lists every manifest in kustomization.yaml but the Secrets example and the Job', () => {
    const kustomization = manifests.find(({ file }) => file === 'kustomization.yaml')!.manifest;
    const files = readdirSync(FOLDER).filter((name) => name.endsWith('.yaml'));
    expect([...kustomization.resources].sort()).toEqual(
      files.filter((name) => !NOT_IN_KUSTOMIZATION.includes(name)).sort(),
    );
  });

  it('runs 2 replicas with readiness on /readyz and liveness on /healthz, and a PodDisruptionBudget', () => {
    expect(deployment.spec.replicas).toBe(2);
    expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
    expect(folio.readinessProbe.httpGet).toMatchObject({ path: '/readyz', port: 'http' });
    expect(folio.livenessProbe.httpGet).toMatchObject({ path: '/healthz', port: 'http' });
    expect(folio.ports).toContainEqual({ name: 'http', containerPort: 4000 });

    const labels = deployment.spec.template.metadata.labels;
    expect(deployment.spec.selector.matchLabels).toEqual(labels);
    const budget = find('PodDisruptionBudget', 'folio');
    expect(labels).toMatchObject(budget.spec.selector.matchLabels);
    expect(budget.spec.minAvailable).toBeGreaterThanOrEqual(1);
    expect(budget.spec.minAvailable).toBeLessThan(deployment.spec.replicas);

    const service = find('Service', 'folio');
    expect(labels).toMatchObject(service.spec.selector);
    expect(service.spec.ports).toContainEqual(
      expect.objectContaining({ name: 'http', targetPort: 'http' }),
    );
  });

  it('gives a stopping pod longer than its preStop pause and the whole drain', () => {
    const lameDuckMs = Number(
      envOf(folio, 'FOLIO_SHUTDOWN_LAME_DUCK_MS') ?? DEFAULT_SHUTDOWN_LAME_DUCK_MS,
    );
    const graceMs = Number(envOf(folio, 'FOLIO_SHUTDOWN_GRACE_MS') ?? DEFAULT_SHUTDOWN_GRACE_MS);
    // The primary kills what is left this long after the workers' grace period (server/ops/cluster.ts).
    const cluster = readFileSync(path.join(ROOT, 'server/ops/cluster.ts'), 'utf8');
    const primaryExtraMs = Number(
      (/PRIMARY_EXTRA_GRACE_MS = ([\d_]+);/.exec(cluster)?.[1] ?? 'missing').replace(/_/g, ''),
    );
    expect(primaryExtraMs).toBeGreaterThan(0);
    const command: string[] = folio.lifecycle.preStop.exec.command;
    expect(command[0]).toBe('sleep');
    const preStopMs = Number(command[1]) * 1000;
    // The pause outlasts Folio's own lame duck: endpoints are gone before the drain begins.
    expect(preStopMs).toBeGreaterThanOrEqual(lameDuckMs);
    expect(pod.terminationGracePeriodSeconds * 1000).toBeGreaterThan(
      preStopMs + lameDuckMs + graceMs + primaryExtraMs,
    );
  });

  it('runs as uid 10001 on a read-only root, without privileges or capabilities, under RuntimeDefault seccomp', () => {
    for (const [name, spec, container] of [
      ['Deployment', pod, folio],
      ['Job', job.spec.template.spec, job.spec.template.spec.containers[0]],
    ] as const) {
      expect({ name, ...spec.securityContext }).toMatchObject({
        name,
        runAsNonRoot: true,
        runAsUser: 10001,
        seccompProfile: { type: 'RuntimeDefault' },
      });
      expect({ name, ...container.securityContext }).toMatchObject({
        name,
        allowPrivilegeEscalation: false,
        readOnlyRootFilesystem: true,
        capabilities: { drop: ['ALL'] },
      });
      expect(spec.automountServiceAccountToken).toBe(false);
      // Writable: an emptyDir at /tmp and at /data (FOLIO_DATA_DIR), nothing else.
      const mounts = Object.fromEntries(
        container.volumeMounts.map((mount: Manifest) => [mount.mountPath, mount.name]),
      );
      for (const writable of ['/tmp', '/data']) {
        const volume = spec.volumes.find(
          (candidate: Manifest) => candidate.name === mounts[writable],
        );
        expect({ name, writable, emptyDir: Boolean(volume?.emptyDir) }).toEqual({
          name,
          writable,
          emptyDir: true,
        });
      }
    }
  });

  it('asks for the memory the benchmarks measured: each worker and the primary fit under the limit', () => {
    const { requests, limits } = folio.resources;
    for (const quantity of [requests.cpu, requests.memory, limits.cpu, limits.memory])
      expect(quantity).toBeDefined();
    const workers = Number(envOf(folio, 'WEB_CONCURRENCY'));
    expect(workers).toBe(2);
    expect(envOf(folio, 'NODE_OPTIONS')).toMatch(/--max-old-space-size=\d+/);
    // Every worker at its measured ceiling, and the primary beside them.
    expect(mebibytes(limits.memory)).toBeGreaterThan(workers * WORKER_MB + 100);
    expect(mebibytes(requests.memory)).toBeLessThanOrEqual(mebibytes(limits.memory));
    // A core for each worker at most.
    expect(cores(limits.cpu)).toBeLessThanOrEqual(workers);
    expect(cores(requests.cpu)).toBeLessThanOrEqual(cores(limits.cpu));
    for (const { manifest } of manifests)
      for (const container of manifest.spec?.template?.spec?.containers ?? [])
        expect({
          object: manifest.metadata.name,
          resources: Boolean(container.resources?.limits?.memory),
        }).toEqual({
          object: manifest.metadata.name,
          resources: true,
        });
  });

  it('names one Folio image, for the servers and the Job, and publishes with npm run content', () => {
    const images = new Set<string>();
    for (const { manifest } of manifests)
      for (const container of manifest.spec?.template?.spec?.containers ?? [])
        if (manifest.metadata.labels?.['app.kubernetes.io/name'] === 'folio')
          images.add(container.image);
    expect([...images]).toEqual([folio.image]);
    // The same default image name as deploy/compose.yaml's.
    const compose = readFileSync(path.join(ROOT, 'deploy/compose.yaml'), 'utf8');
    expect(compose).toContain(`image: \${FOLIO_IMAGE:-${folio.image}}`);

    const publish = job.spec.template.spec;
    expect(publish.restartPolicy).toBe('Never');
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    expect(publish.containers[0].command.join(' ')).toBe(scripts.content);
    expect(envOf(publish.containers[0], 'DATABASE_URL_FILE')).toBe(
      envOf(folio, 'DATABASE_URL_FILE'),
    );
  });

  it('reads every secret from a file of a Secret the example names', () => {
    const examples = manifests.filter(({ file }) => file === 'secrets.example.yaml');
    const keys = new Map(
      examples.map(({ manifest }) => [manifest.metadata.name, Object.keys(manifest.stringData)]),
    );
    for (const { manifest } of manifests) {
      const spec = manifest.spec?.template?.spec;
      if (!spec || manifest.kind === 'Secret') continue;
      for (const container of spec.containers)
        for (const variable of container.env ?? []) {
          expect(variable.valueFrom).toBeUndefined();
          if (!variable.name.endsWith('_FILE')) continue;
          const mount = container.volumeMounts.find((candidate: Manifest) =>
            variable.value.startsWith(`${candidate.mountPath}/`),
          );
          const volume = spec.volumes.find((candidate: Manifest) => candidate.name === mount?.name);
          expect({ variable: variable.name, secret: volume?.secret?.secretName }).toEqual({
            variable: variable.name,
            secret: expect.any(String),
          });
          expect(keys.get(volume.secret.secretName)).toContain(path.basename(variable.value));
        }
    }
  });

  it('runs Varnish with the reference VCL, purged on a port of its own that Folio names', () => {
    const vcl = find('ConfigMap', 'varnish-vcl').data;
    expect(vcl['folio.vcl']).toBe(readFileSync(path.join(ROOT, 'cdn/varnish/folio.vcl'), 'utf8'));
    const varnish = find('Deployment', 'varnish').spec.template.spec.containers[0];
    expect(varnish.args.join(' ')).toContain('-a purge=:6091');
    expect(varnish.volumeMounts).toContainEqual(
      expect.objectContaining({ mountPath: '/etc/varnish' }),
    );
    const purgeUrl = new URL(envOf(folio, 'FOLIO_CDN_PURGE_URL')!);
    const service = find('Service', 'varnish');
    expect(purgeUrl.hostname).toBe(service.metadata.name);
    expect(service.spec.ports).toContainEqual(
      expect.objectContaining({ name: 'purge', port: Number(purgeUrl.port), targetPort: 'purge' }),
    );
    const backend = /backend folio \{[^}]*\.host = "([^"]+)";[^}]*\.port = "(\d+)";/.exec(
      vcl['folio-backend.vcl'],
    )!;
    const folioService = find('Service', 'folio');
    expect(backend[1]).toBe(folioService.metadata.name);
    expect(folioService.spec.ports).toContainEqual(
      expect.objectContaining({ port: Number(backend[2]) }),
    );
  });

  it('keeps a PostgreSQL for trying it out, with its own volume', () => {
    const postgres = find('StatefulSet', 'postgres');
    expect(postgres.spec.volumeClaimTemplates[0].metadata.name).toBe('data');
    expect(readFileSync(path.join(FOLDER, 'postgres-statefulset.yaml'), 'utf8')).toMatch(
      /managed PostgreSQL/,
    );
    const url = new URL(
      find('Secret', 'folio').stringData['database-url'].replace(/^postgres:/, 'http:'),
    );
    expect(url.hostname).toBe(find('Service', 'postgres').metadata.name);
  });

  const varnishd = varnishdPath();
  (varnishd ? it : it.skip)(
    'compiles the VCL varnishd is given (Debian Varnish 7 with xkey)',
    () => {
      const folder = mkdtempSync(path.join(tmpdir(), 'folio-k8s-vcl-'));
      try {
        chmodSync(folder, 0o755);
        const vcl = find('ConfigMap', 'varnish-vcl').data;
        // The Service's name does not resolve here: the same file with an address that does.
        writeFileSync(
          path.join(folder, 'folio-backend.vcl'),
          vcl['folio-backend.vcl'].replace('.host = "folio";', '.host = "127.0.0.1";'),
        );
        writeFileSync(path.join(folder, 'folio.vcl'), vcl['folio.vcl']);
        const compiled = spawnSync(
          varnishd!,
          [
            '-C',
            '-f',
            path.join(folder, 'folio.vcl'),
            '-p',
            `vcl_path=${folder}`,
            '-n',
            path.join(folder, 'state'),
          ],
          { encoding: 'utf8', maxBuffer: 64 << 20 },
        );
        expect({
          status: compiled.status,
          error: compiled.status === 0 ? '' : compiled.stderr.slice(-2000),
        }).toEqual({
          status: 0,
          error: '',
        });
      } finally {
        rmSync(folder, { recursive: true, force: true });
      }
    },
  );
});
