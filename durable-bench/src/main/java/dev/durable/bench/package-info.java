/**
 * The benchmark harness: throughput, per-step overhead, backoff lateness and poll cost of the
 * engine on H2 and PostgreSQL, each printed next to the database's own limit (one-row INSERT
 * transactions from 1 and 8 connections) and next to the performance targets; and the same
 * workflow on DBOS Transact, side by side ({@link dev.durable.bench.DbosBench}); and runs whose one
 * step waits on a slow service, on both engines with their defaults ({@link
 * dev.durable.bench.IoBench}); and what metrics and tracing cost per step ({@link
 * dev.durable.bench.ObserveBench}) and what payload codecs cost ({@link
 * dev.durable.bench.CodecBench}); and what pausing many runs by filter costs the runs beside it
 * ({@link dev.durable.bench.PauseBench}). Throughput is
 * measured in rounds that alternate the engines and probe the database's limit between them
 * ({@link dev.durable.bench.Interleaved}), since the server's speed drifts within a run.
 *
 * <p>{@link dev.durable.bench.BenchMain} is the entry point ({@code mvn -q -Pbench package
 * -DskipTests} from the repository root); {@link dev.durable.bench.StoreBench} runs the phases on
 * one store; {@link dev.durable.bench.CountingDataSource} counts the engine's JDBC round trips and
 * commits; {@link dev.durable.bench.Report} prints the results and writes them as Markdown.
 */
package dev.durable.bench;
