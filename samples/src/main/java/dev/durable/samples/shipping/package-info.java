/**
 * The shipping sample: a rate quote served by a worker (a dispatched step of the {@link
 * dev.durable.samples.shipping.RateSteps} contract), then a label printed locally.
 */
package dev.durable.samples.shipping;
