/** 'Empty Post: Please add content, an image, or a video.' → a toast title and description. */
export function splitMessage(message: string): { title: string; description?: string } {
  const match = /^([^:]{1,40}):\s+(.+)$/.exec(message);
  return match ? { title: match[1]!, description: match[2]! } : { title: message };
}
