/**
 * The Durable annotation processor. {@link dev.durable.processor.DurableProcessor} is its one entry
 * point: it reads each {@code @Workflow} class and step contract once into a raw model ({@code
 * .reading}), validates that ({@code .validation}, every message in {@code .messages}), builds the
 * model from it ({@code .model}) and generates its classes from the model ({@code .generation});
 * one scan of a workflow's {@code @Run} body reads its shape ({@code .shape}) and finds the calls
 * the determinism lint checks. {@link dev.durable.processor.Pipeline} takes each kind of type
 * through these steps: {@link dev.durable.processor.WorkflowSteps} for workflows, {@link
 * dev.durable.processor.ContractSteps} for step contracts.
 */
package dev.durable.processor;
