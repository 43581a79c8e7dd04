/** Small workflows that the test kit's own tests drive. */
package dev.durable.test.workflows;
