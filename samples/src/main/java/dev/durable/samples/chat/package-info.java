/**
 * The request/response sample: a chat whose run lives as long as the conversation. A caller asks a
 * question by sending the run a typed {@code ask} signal and reads the answer as the run writes it,
 * from a stream named after the question ({@code ctx.writeStream}, {@code RunHandle.readStream});
 * the run publishes how many questions it answered as an event ({@code ctx.setEvent}, {@code
 * RunHandle.getEvent}). Copy this package to start a run that answers callers: an approval desk, an
 * assistant, a long job that reports its progress.
 *
 * <p>Run it from the repository root: {@code mvn -q package -DskipTests -Psample -Dsample=chat}.
 */
package dev.durable.samples.chat;
