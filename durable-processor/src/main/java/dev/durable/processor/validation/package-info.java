/**
 * The compile-time rules on {@code @Workflow} classes and their {@code @Run} and {@code @Step}
 * methods. {@link dev.durable.processor.validation.WorkflowValidator} is the entry point; it
 * collects every problem of a type into a {@link dev.durable.processor.validation.ValidationReport}
 * (so that all are printed and a type with errors gets no generated code). Step rules live in
 * {@code StepValidator}, run rules in {@code RunValidator}, whether a type can be stored in {@code
 * StorableTypes}, the name rules in {@link dev.durable.processor.validation.WorkflowNames}, the
 * determinism lint of {@code @Run} bodies in {@code DeterminismLint} (the only class that uses
 * javac's tree API, {@code com.sun.source}). Every message text, with its stable tag and its
 * entry in the error catalogue, lives in the {@code messages} package, one enum per area, whose
 * typed factories make each {@link dev.durable.processor.messages.Message}. The rules read annotations
 * through {@link dev.durable.processor.reading.AnnotationReader}'s records, as the model does.
 */
package dev.durable.processor.validation;
