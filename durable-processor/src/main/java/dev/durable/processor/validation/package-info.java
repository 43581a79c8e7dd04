/**
 * The compile-time rules on {@code @Workflow} classes and their {@code @Run} and {@code @Step}
 * methods, and on step contracts, checked on the raw model that {@link
 * dev.durable.processor.reading.WorkflowReader} read once: no rule reads an annotation itself.
 * {@link dev.durable.processor.validation.WorkflowValidator} and {@link
 * dev.durable.processor.validation.ContractValidator} are the entry points; each collects every
 * problem of a type into a {@link dev.durable.processor.validation.ValidationReport} (so that all
 * are printed and a type with errors gets no generated code). Step rules live in {@code
 * StepValidator}, run rules in {@code RunValidator}, whether a type can be stored in {@code
 * StorableTypes} (how Jackson sees a class in {@code JacksonView}), the name rules in {@link
 * dev.durable.processor.validation.WorkflowNames}, annotations where they have no effect in {@link
 * dev.durable.processor.validation.StrayAnnotations}, and the determinism lint of {@code @Run}
 * bodies in {@link dev.durable.processor.validation.DeterminismLint}, which resolves the calls the
 * body's one scan found through javac's tree API, {@code com.sun.source}. Every message text, with
 * its stable tag and its entry in the error catalogue, lives in the {@code messages} package.
 */
package dev.durable.processor.validation;
