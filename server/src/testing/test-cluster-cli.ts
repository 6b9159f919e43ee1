import { startTestCluster, stopTestCluster } from './test-cluster';

/**
 * `start`: makes and starts a test cluster (it runs on, detached) and prints `{"url","dir"}`;
 * `stop DIR`: stops it and removes its folder. Jest's global setup runs outside its module system,
 * where the embedded binaries' ES module cannot be loaded; it runs these through tsx instead.
 */
async function main([command, dir]: string[]) {
  if (command === 'start') {
    const cluster = await startTestCluster({ keepRunning: true });
    process.stdout.write(`${JSON.stringify({ url: cluster.url, dir: cluster.dir })}\n`);
  } else if (command === 'stop' && dir) {
    await stopTestCluster(dir);
  } else {
    throw new Error('Usage: test-cluster-cli start | stop DIR');
  }
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
