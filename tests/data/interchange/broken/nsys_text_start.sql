CREATE TABLE CUPTI_ACTIVITY_KIND_RUNTIME (start, end, eventClass, globalTid, correlationId, nameId, returnValue);
INSERT INTO CUPTI_ACTIVITY_KIND_RUNTIME VALUES ('soon', 20, 0, 1, 1, 1, 0);
